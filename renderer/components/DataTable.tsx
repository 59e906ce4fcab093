import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { SidewaysScroller } from './SidewaysScroller';
import { EmptyState } from './EmptyState';
import './DataTable.css';

export interface Column<Row> {
  header: ReactNode;
  /** The column's share of the table (a CSS width); it grows past it to fit its widest cell. */
  width?: string;
  /** For widths the feature's stylesheet sets instead. */
  colClassName?: string;
  /** Amounts and dates line up on the right. */
  align?: 'end';
  /** The row's identity (a market, an asset): it stays in view while the table scrolls sideways. */
  sticky?: boolean;
  /** A column the person can sort by: how it is sorted now, for the header's aria-sort. */
  sort?: 'ascending' | 'descending' | 'none';
  cell(row: Row, index: number): ReactNode;
  /** Attributes of the cell beyond its content: the exchange's raw value as a title, a test id. */
  cellProps?(row: Row): TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string | undefined>;
}

/** The text EmptyState shows inside the table, so the header keeps the columns' meaning in view. */
export interface EmptyRow {
  title: string;
  text?: ReactNode;
}

/**
 * The table markup every list view shares: a scrolling wrapper, columns at least as wide as their
 * widest cell (nothing but .clip text is ever cut short; the wrapper scrolls sideways instead) and
 * otherwise sharing the room by their `width`, right-aligned numeric columns, and an empty row that
 * keeps the header visible.
 */
export function DataTable<Row>(props: {
  columns: Column<Row>[];
  rows: readonly Row[];
  /**
   * The row's identity. The table adds the row's position: the exchange may list one record twice,
   * and React keys must still differ.
   */
  rowKey(row: Row): string;
  /** Every row's data-testid, by which the tests find the rows. */
  rowTestId: string;
  rowProps?(row: Row): HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  className: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  empty?: EmptyRow;
}) {
  const { columns, rows } = props;
  return (
    <SidewaysScroller className="table-wrap" aria-label={props['aria-label']} aria-labelledby={props['aria-labelledby']}>
      <table className={`table ${props.className}`} aria-label={props['aria-label']} aria-labelledby={props['aria-labelledby']}>
        <colgroup>
          {columns.map((column, i) => (
            <col key={i} className={column.colClassName} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={cellClasses(column)} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && props.empty ? (
            <tr>
              <td colSpan={columns.length}>
                <EmptyState title={props.empty.title}>{props.empty.text}</EmptyState>
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={`${props.rowKey(row)}#${index}`} data-testid={props.rowTestId} {...props.rowProps?.(row)}>
                {columns.map((column, i) => {
                  const { className, ...rest } = column.cellProps?.(row) ?? {};
                  return (
                    <td key={i} className={cellClasses(column, className)} {...rest}>
                      {column.cell(row, index)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </SidewaysScroller>
  );
}

function cellClasses(column: Pick<Column<unknown>, 'align' | 'sticky'>, extra?: string): string | undefined {
  const classes = [column.align === 'end' ? 'align-end' : '', column.sticky ? 'cell-sticky' : '', extra ?? ''].filter(Boolean).join(' ');
  return classes || undefined;
}

/** Header text kept for screen readers only, for columns of buttons. */
export function HiddenHeader({ children }: { children: string }) {
  return <span className="visually-hidden">{children}</span>;
}
