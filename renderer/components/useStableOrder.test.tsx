import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { keepOrder, useStableOrder } from './useStableOrder';

type Row = { id: string; value: number };
const byValue = (rows: Row[]) => [...rows].sort((a, b) => a.value - b.value);
const id = (r: Row) => r.id;

describe('keepOrder', () => {
  it('keeps the earlier order, drops rows gone, appends new rows in their sorted order', () => {
    const sorted = byValue([{ id: 'a', value: 3 }, { id: 'b', value: 1 }, { id: 'd', value: 0 }, { id: 'e', value: 9 }]);
    expect(keepOrder(sorted, ['a', 'b', 'c'], id).map(id)).toEqual(['a', 'b', 'd', 'e']);
  });
});

function Table({ rows, sortKey }: { rows: Row[]; sortKey: string }) {
  const shown = useStableOrder(byValue(rows), id, sortKey);
  return (
    <ul data-testid="table" {...shown.holdProps}>
      {shown.rows.map((r) => (
        <li key={r.id}>{`${r.id}=${r.value}`}</li>
      ))}
    </ul>
  );
}
const order = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('useStableOrder', () => {
  it('holds the order while the pointer is on the table, values ticking; sorts again when it leaves or the sort changes', () => {
    const view = render(<Table rows={[{ id: 'a', value: 1 }, { id: 'b', value: 2 }]} sortKey="value:asc" />);
    expect(order()).toEqual(['a=1', 'b=2']);
    act(() => void fireEvent.pointerEnter(screen.getByTestId('table')));
    view.rerender(<Table rows={[{ id: 'a', value: 5 }, { id: 'b', value: 2 }]} sortKey="value:asc" />);
    expect(order()).toEqual(['a=5', 'b=2']);
    // A new sort applies at once, even under the pointer.
    view.rerender(<Table rows={[{ id: 'a', value: 5 }, { id: 'b', value: 2 }]} sortKey="value:desc" />);
    expect(order()).toEqual(['b=2', 'a=5']);
    view.rerender(<Table rows={[{ id: 'a', value: 5 }, { id: 'b', value: 2 }]} sortKey="value:asc" />);
    act(() => void fireEvent.pointerEnter(screen.getByTestId('table')));
    view.rerender(<Table rows={[{ id: 'a', value: 0 }, { id: 'b', value: 2 }]} sortKey="value:asc" />);
    expect(order()).toEqual(['b=2', 'a=0']);
    act(() => void fireEvent.pointerLeave(screen.getByTestId('table')));
    expect(order()).toEqual(['a=0', 'b=2']);
  });
});
