// macOS .icns container: the magic 'icns' and total length, then elements of
// (4-byte type, 4-byte big-endian length including this 8-byte header, data). Since macOS 10.7 the
// data of the ic07..ic14 types may be a plain PNG file, so no Apple tool is needed to build one.
import { readPngSize } from './png';

/** PNG-based element types and the pixel size each must contain ("@2x" types hold double-size pixels). */
export const ICNS_PNG_TYPES = {
  ic11: 32, // 16x16@2x
  ic12: 64, // 32x32@2x
  ic07: 128, // 128x128
  ic13: 256, // 128x128@2x
  ic08: 256, // 256x256
  ic14: 512, // 256x256@2x
  ic09: 512, // 512x512
  ic10: 1024, // 512x512@2x
} as const;

export type IcnsPngType = keyof typeof ICNS_PNG_TYPES;

export interface IcnsElement {
  type: string;
  data: Buffer;
}

export function buildIcns(elements: ReadonlyArray<{ type: IcnsPngType; png: Uint8Array }>): Buffer {
  const parts: Buffer[] = [];
  for (const { type, png } of elements) {
    const { width, height } = readPngSize(png);
    const expected = ICNS_PNG_TYPES[type];
    if (width !== expected || height !== expected) {
      throw new Error(`ICNS element ${type} must be ${expected}x${expected}, got ${width}x${height}`);
    }
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(png.length + 8, 4);
    parts.push(header, Buffer.from(png));
  }
  const body = Buffer.concat(parts);
  const fileHeader = Buffer.alloc(8);
  fileHeader.write('icns', 0, 'latin1');
  fileHeader.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([fileHeader, body]);
}

export function readIcns(bytes: Uint8Array): IcnsElement[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 8 || view.toString('latin1', 0, 4) !== 'icns') throw new Error('not an ICNS file');
  if (view.readUInt32BE(4) !== view.length) throw new Error('ICNS length field does not match the file size');
  const elements: IcnsElement[] = [];
  for (let offset = 8; offset < view.length; ) {
    const type = view.toString('latin1', offset, offset + 4);
    const length = view.readUInt32BE(offset + 4);
    if (length < 8 || offset + length > view.length) throw new Error(`ICNS element ${type} has a bad length`);
    elements.push({ type, data: view.subarray(offset + 8, offset + length) });
    offset += length;
  }
  return elements;
}
