/** Apply and Clear under a list's filter form (the form's submit applies). */
export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="toolbar">
      <button type="submit" className="button button--primary">
        Apply filter
      </button>
      <button type="button" className="button button--ghost" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
