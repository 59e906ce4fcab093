/**
 * How wide each figure column of the Balances table must be so that no amount is cut short.
 *
 * The table's layout is fixed (rows are windowed, and a keystroke in the search box must not make
 * the browser measure every cell again), and a fixed layout sizes columns from what it is told,
 * never from the cells. So the widths are worked out here, from the widest text each column will
 * show across every row of the answer: not only the rows in view or matching a search, which would
 * make the columns jump while scrolling or typing. Figures are set in the monospace font, where each
 * character is 1ch wide, so a width in ch is exact; the table's frame scrolls sideways when the
 * columns add up to more than the window.
 */
import { isZero } from '../../../shared/money/decimal';
import { formatAmount } from '../../format/format';
import type { AssetChange } from '../../../shared/model/history';
import { amountText, shownAmount, frozenText, noPriceText, roundValue, shareText, valueChangeText } from './cells';
import type { BalanceRow } from './rows';

/** Widths in ch of the monospace font, one per figure column. */
export interface FigureWidths {
  main: number;
  trade: number;
  collateral: number;
  total: number;
  value: number;
  amountChange: number;
  valueChange: number;
  share: number;
}

/**
 * The most characters a decimal string can take once formatted: its digits, a separator between
 * each group of three, and the sign. An upper bound in every locale the app speaks, so the longest
 * value is found without formatting all of them (a refresh of 1 000 assets would format 7 000).
 */
function formattedLengthBound(value: string): number {
  const point = value.indexOf('.');
  const integerDigits = (point === -1 ? value.length : point) - (value.startsWith('-') ? 1 : 0);
  return value.length + Math.floor(Math.max(0, integerDigits - 1) / 3);
}

/** The formatted length of the longest of `values` (each run through `format` first). */
function widest(values: Iterable<string>, format: (value: string) => string): number {
  let longest: string | null = null;
  let bound = -1;
  for (const value of values) {
    const length = formattedLengthBound(value);
    if (length > bound) {
      bound = length;
      longest = value;
    }
  }
  return longest === null ? 0 : format(longest).length;
}

function* pick<R>(rows: readonly R[], field: (row: R) => string | null): Generator<string> {
  for (const row of rows) {
    const value = field(row);
    if (value !== null && !isZero(value)) yield value;
  }
}

/**
 * The figure columns' widths for these rows, valued in `quote` (which sets how values are rounded),
 * with each asset's 24 h change (History's answer; none before it).
 */
export function figureWidths(rows: readonly BalanceRow[], quote: string, changes: readonly AssetChange[] = []): FigureWidths {
  const noPrice = rows.some((row) => row.value === null) ? noPriceText().length : 0;
  return {
    main: widest(pick(rows, (r) => shownAmount(r.main)), amountText),
    // The frozen part sits under the available one, in a smaller face: counted in ch, it errs wide.
    trade: Math.max(widest(pick(rows, (r) => shownAmount(r.tradeAvailable)), amountText), widest(pick(rows, (r) => r.tradeFrozen), frozenText)),
    collateral: widest(pick(rows, (r) => shownAmount(r.collateral)), amountText),
    total: widest(pick(rows, (r) => shownAmount(r.total)), amountText),
    // Sought among the rounded values: rounding is what sets their length.
    value: Math.max(noPrice, widest(pick(rows, (r) => (r.value === null ? null : roundValue(r.value, quote))), formatAmount)),
    // A change's sign takes a character the bound counts too.
    // The amount change sits under the value change with its ticker, in a smaller face: counted in ch, it errs wide.
    amountChange: Math.max(0, ...changes.map((c) => formattedLengthBound(shownAmount(c.amount)) + 1 + c.asset.length)),
    valueChange: widest(pick(changes, (c) => (c.value === null ? null : roundValue(c.value, quote))), (v) => valueChangeText(v, quote)),
    share: widest(pick(rows, (r) => r.share), shareText),
  };
}

/**
 * A column's width: its widest figure, or its header if that is wider. Headers are set in a smaller
 * face than the figures but in capitals, spaced out, and Cyrillic capitals run wide: 1.3 ch of the
 * figures' font per letter covers them. A sortable header adds its arrow.
 */
export function columnWidth(figureCh: number, header: string, sortable: boolean): string {
  // Headers wrap between words (balances.css): the longest word is what must fit.
  const headerCh = Math.ceil(Math.max(...header.split(/\s+/).map((word) => word.length)) * 1.3) + (sortable ? 2 : 0);
  // The cell's padding (12 px each side, balances.css) comes on top.
  return `calc(${Math.max(figureCh, headerCh)}ch + 24px)`;
}
