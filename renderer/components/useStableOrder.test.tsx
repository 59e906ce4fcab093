import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { keepOrder, rowsOutOfPlace, useStableOrder } from './useStableOrder';

type Row = { id: string; value: number };
const byValue = (rows: Row[], direction: 'asc' | 'desc') => [...rows].sort((a, b) => (direction === 'asc' ? a.value - b.value : b.value - a.value));
const id = (r: Row) => r.id;

describe('keepOrder', () => {
  it('keeps the earlier order, drops rows gone, appends new rows in their sorted order', () => {
    const sorted = byValue([{ id: 'a', value: 3 }, { id: 'b', value: 1 }, { id: 'd', value: 0 }, { id: 'e', value: 9 }], 'asc');
    expect(keepOrder(sorted, ['a', 'b', 'c'], id).map(id)).toEqual(['a', 'b', 'd', 'e']);
  });
});

describe('rowsOutOfPlace', () => {
  it('counts the rows that would have to move, not every row a jump passes', () => {
    expect(rowsOutOfPlace(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(0);
    expect(rowsOutOfPlace(['a', 'b', 'c', 'd', 'e'], ['e', 'a', 'b', 'c', 'd'])).toBe(1);
    expect(rowsOutOfPlace(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'])).toBe(3);
    expect(rowsOutOfPlace([], [])).toBe(0);
  });
});

function Table({ rows, direction }: { rows: Row[]; direction: 'asc' | 'desc' }) {
  const shown = useStableOrder(byValue(rows, direction), id, `value:${direction}`);
  return (
    <>
      <p data-testid="moved">{shown.moved}</p>
      <button type="button" onClick={shown.resort}>
        re-sort
      </button>
      <ul>
        {shown.rows.map((r) => (
          <li key={r.id}>{`${r.id}=${r.value}`}</li>
        ))}
      </ul>
    </>
  );
}
const order = () => screen.getAllByRole('listitem').map((li) => li.textContent);
const moved = () => screen.getByTestId('moved').textContent;

describe('useStableOrder', () => {
  it('keeps the order while values change, counts the rows out of place, and sorts when asked', () => {
    const view = render(<Table rows={[{ id: 'a', value: 1 }, { id: 'b', value: 2 }, { id: 'c', value: 3 }]} direction="asc" />);
    expect(order()).toEqual(['a=1', 'b=2', 'c=3']);
    expect(moved()).toBe('0');
    // No pointer anywhere: fresh values still do not move a row.
    view.rerender(<Table rows={[{ id: 'a', value: 5 }, { id: 'b', value: 2 }, { id: 'c', value: 3 }]} direction="asc" />);
    expect(order()).toEqual(['a=5', 'b=2', 'c=3']);
    expect(moved()).toBe('1');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 're-sort' })));
    expect(order()).toEqual(['b=2', 'c=3', 'a=5']);
    expect(moved()).toBe('0');
  });

  it('applies a new sort at once', () => {
    const view = render(<Table rows={[{ id: 'a', value: 1 }, { id: 'b', value: 2 }]} direction="asc" />);
    view.rerender(<Table rows={[{ id: 'a', value: 3 }, { id: 'b', value: 2 }]} direction="asc" />);
    expect(order()).toEqual(['a=3', 'b=2']);
    view.rerender(<Table rows={[{ id: 'a', value: 3 }, { id: 'b', value: 2 }]} direction="desc" />);
    expect(order()).toEqual(['a=3', 'b=2']);
    expect(moved()).toBe('0');
    view.rerender(<Table rows={[{ id: 'a', value: 1 }, { id: 'b', value: 2 }]} direction="asc" />);
    expect(order()).toEqual(['a=1', 'b=2']);
  });

  it('appends rows that appear at the end in their sorted order, and drops rows that go', () => {
    const view = render(<Table rows={[{ id: 'b', value: 2 }, { id: 'c', value: 3 }]} direction="asc" />);
    view.rerender(<Table rows={[{ id: 'a', value: 1 }, { id: 'c', value: 3 }, { id: 'd', value: 0 }]} direction="asc" />);
    expect(order()).toEqual(['c=3', 'd=0', 'a=1']);
    // The newcomers keep their places too, once shown.
    view.rerender(<Table rows={[{ id: 'a', value: -1 }, { id: 'c', value: 3 }, { id: 'd', value: 0 }]} direction="asc" />);
    expect(order()).toEqual(['c=3', 'd=0', 'a=-1']);
    expect(moved()).toBe('2');
  });
});
