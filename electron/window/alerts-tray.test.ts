// The tray icon is a PNG built by hand from a few lines; Chromium decodes it, so it must be a
// well-formed one: the chunk CRCs and the compressed scanlines are checked here.
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../test/fake-electron')).electronModule);

const { riskIconPng } = await import('./alerts-tray');

function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const found: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    found.push({ type, data });
    at += 12 + length;
  }
  return found;
}

describe('riskIconPng', () => {
  it('is a 32 px RGBA PNG: opaque risk colour at the centre, transparent corners', () => {
    const png = riskIconPng('liquidation');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const [header, data, end] = chunks(png);
    expect([header?.type, data?.type, end?.type]).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(header!.data.readUInt32BE(0)).toBe(32);
    expect(header!.data.readUInt32BE(4)).toBe(32);
    expect([...header!.data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    const rows = inflateSync(data!.data);
    expect(rows.length).toBe(32 * (1 + 32 * 4));
    const pixel = (x: number, y: number) => [...rows.subarray(y * 129 + 1 + x * 4, y * 129 + 5 + x * 4)];
    expect(pixel(16, 16)).toEqual([0xd9, 0x30, 0x25, 255]);
    expect(pixel(0, 0)[3]).toBe(0);
  });

  it('differs by risk', () => {
    expect(riskIconPng('none').equals(riskIconPng('liquidation'))).toBe(false);
  });
});
