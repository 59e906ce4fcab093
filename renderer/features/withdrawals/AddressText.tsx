/**
 * An address in full, with its first and last characters emphasised: people check the ends of an
 * address, and address-swapping malware counts on them not checking the middle.
 */
export function AddressText({ address, edge = 6 }: { address: string; edge?: number }) {
  if (address.length <= edge * 2) {
    return (
      <span className="address-text num">
        <strong className="address-text__edge">{address}</strong>
      </span>
    );
  }
  return (
    <span className="address-text num" aria-label={address}>
      <strong className="address-text__edge">{address.slice(0, edge)}</strong>
      <span className="address-text__middle">{address.slice(edge, -edge)}</span>
      <strong className="address-text__edge">{address.slice(-edge)}</strong>
    </span>
  );
}
