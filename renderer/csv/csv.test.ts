import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, downloadCsv, toCsv } from './csv';
import { csvFilename } from './filename';

describe('toCsv', () => {
  it('writes RFC 4180: CRLF lines, quotes only where needed, quotes doubled', () => {
    expect(toCsv([['a', 'b'], ['1,5', 'say "hi"'], ['line\nbreak', '']])).toBe('a,b\r\n"1,5","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('writes null and undefined as empty cells and numbers as text', () => {
    expect(toCsv([[null, undefined, 3, true]])).toBe(',,3,true\r\n');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])('neutralises a formula-looking cell %j', (cell) => {
    const written = csvCell(cell);
    expect(written.replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it.each(['-0.002', '+0.002', '-5', '+12.5'])('writes the signed decimal %j (codes history) as a number', (cell) => {
    expect(csvCell(cell)).toBe(cell);
  });

  it.each(['-1e3', '+0.5+1', '-0.5 ', '- 1'])('still neutralises %j, which is not a plain signed decimal', (cell) => {
    expect(csvCell(cell).startsWith("'")).toBe(true);
  });

  it('leaves ordinary cells untouched', () => {
    expect(csvCell('BTC')).toBe('BTC');
    expect(csvCell('0.5')).toBe('0.5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('neutralises and quotes together', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers a UTF-8 CSV file with a BOM under the given name', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('x.csv', [['Ticker'], ['=BAD']]);
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('x.csv');
    expect(blobs[0]!.type).toContain('text/csv');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("Ticker\r\n'=BAD\r\n");
  });
});

describe('csvFilename', () => {
  it('is file-system safe and time-stamped', () => {
    expect(csvFilename('balances', 'Main (B2B) <script>', new Date(2026, 0, 31, 14, 5))).toBe('balances-main-b2b-script-2026-01-31-1405.csv');
    expect(csvFilename('codes', '???', new Date(2026, 0, 1, 0, 0))).toBe('codes-account-2026-01-01-0000.csv');
  });
});
