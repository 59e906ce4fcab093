/** Shown instead of an error when the account has no B2B (flex) access. */
export function B2bPanel({ detail }: { detail: string }) {
  return (
    <div className="card b2b-panel" role="status" data-testid="b2b-panel">
      <div className="card__section">
        <p className="b2b-panel__title">Flex plans are not available for this account</p>
        <p>
          Flex plans are available to B2B partner accounts. Contact WhiteBIT support to enable B2B lending access for this account; balances, codes,
          positions and withdrawals work as usual.
        </p>
        <p className="field__hint b2b-panel__detail">Details: {detail}</p>
      </div>
    </div>
  );
}
