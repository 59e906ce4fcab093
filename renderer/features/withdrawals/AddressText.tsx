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

/**
 * An address in monospace blocks of four, for checking it against the receiver's: blocks are easy
 * to compare one by one and keep the place. The blocks are spans, so a copy gives the address as it is.
 */
export function GroupedAddress({ address, network }: { address: string; network: string | null }) {
  const blocks = address.match(/.{1,4}/gsu) ?? [];
  return (
    <span className="grouped-address">
      {network ? <span className="grouped-address__network">{network}</span> : null}
      <span className="grouped-address__blocks num" aria-label={address} data-testid="grouped-address">
        {blocks.map((block, index) => (
          <span key={index} className="grouped-address__block">
            {block}
          </span>
        ))}
      </span>
    </span>
  );
}
