// Windows .ico container with PNG-compressed entries (supported since Windows Vista; electron-builder
// and NSIS accept them). Layout: ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the
// PNG files themselves.
import { readPngSize } from './png';

const HEADER_SIZE = 6;
const ENTRY_SIZE = 16;
const ICON_TYPE = 1;

export interface IcoEntry {
  width: number;
  height: number;
  bitsPerPixel: number;
  png: Buffer;
}

export function buildIco(pngs: readonly Uint8Array[]): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(ICON_TYPE, 2);
  header.writeUInt16LE(pngs.length, 4);

  const entries: Buffer[] = [];
  let dataOffset = HEADER_SIZE + ENTRY_SIZE * pngs.length;
  for (const png of pngs) {
    const { width, height } = readPngSize(png);
    if (width > 256 || height > 256) throw new Error(`ICO entries are at most 256 px, got ${width}x${height}`);
    const entry = Buffer.alloc(ENTRY_SIZE);
    entry[0] = width === 256 ? 0 : width; // a byte: 0 stands for 256
    entry[1] = height === 256 ? 0 : height;
    entry[2] = 0; // palette size: none
    entry[3] = 0; // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(dataOffset, 12);
    entries.push(entry);
    dataOffset += png.length;
  }
  return Buffer.concat([header, ...entries, ...pngs]);
}

/** Reads the directory back (used by tests and by anyone checking a shipped icon). */
export function readIco(bytes: Uint8Array): IcoEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < HEADER_SIZE || view.readUInt16LE(0) !== 0 || view.readUInt16LE(2) !== ICON_TYPE) {
    throw new Error('not an ICO file');
  }
  const count = view.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = HEADER_SIZE + i * ENTRY_SIZE;
    const size = view.readUInt32LE(at + 8);
    const offset = view.readUInt32LE(at + 12);
    if (offset + size > view.length) throw new Error(`ICO entry ${i} points past the end of the file`);
    entries.push({
      width: view[at] || 256,
      height: view[at + 1] || 256,
      bitsPerPixel: view.readUInt16LE(at + 6),
      png: view.subarray(offset, offset + size),
    });
  }
  return entries;
}
