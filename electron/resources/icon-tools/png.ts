// Minimal PNG codec for the icon pipeline: 8-bit RGBA (and RGB on input), non-interlaced.
// Written here rather than pulled in as a dependency because icons are generated once, by
// developers, and these few lines are easier to trust than a new package.
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** Straight (not premultiplied) RGBA pixels, row-major, 4 bytes per pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_RGB = 2;
const COLOR_TYPE_RGBA = 6;

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE);
}

/** Width and height from the IHDR chunk, without decoding pixels. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  if (!isPng(bytes) || bytes.length < 24) throw new Error('not a PNG file');
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG does not start with IHDR');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

function chunk(type: string, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payload.length, 0);
  header.write(type, 4, 'latin1');
  const typeAndPayload = Buffer.concat([header.subarray(4), payload]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndPayload) >>> 0, 0);
  return Buffer.concat([header.subarray(0, 4), typeAndPayload, crc]);
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Applies PNG filter `type` to one scanline; `previous` is the unfiltered line above (zeros for the first). */
function filterLine(type: number, line: Uint8Array, previous: Uint8Array, bytesPerPixel: number): Uint8Array {
  const out = new Uint8Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const left = i >= bytesPerPixel ? line[i - bytesPerPixel]! : 0;
    const up = previous[i]!;
    const upLeft = i >= bytesPerPixel ? previous[i - bytesPerPixel]! : 0;
    const predictor =
      type === 0 ? 0 : type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : paeth(left, up, upLeft);
    out[i] = (line[i]! - predictor) & 0xff;
  }
  return out;
}

/** Sum of bytes read as signed values: the usual heuristic for picking the filter that deflates best. */
function filterCost(filtered: Uint8Array): number {
  let cost = 0;
  for (const byte of filtered) cost += byte < 128 ? byte : 256 - byte;
  return cost;
}

/** Encodes an RGBA image as PNG. Deterministic: the same pixels always give the same bytes. */
export function encodePng(image: RgbaImage): Buffer {
  const stride = image.width * 4;
  const raw = new Uint8Array((stride + 1) * image.height);
  let previous: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < image.height; y++) {
    const line = image.data.subarray(y * stride, (y + 1) * stride);
    let best: { type: number; bytes: Uint8Array; cost: number } | undefined;
    for (let type = 0; type <= 4; type++) {
      const bytes = filterLine(type, line, previous, 4);
      const cost = filterCost(bytes);
      if (best === undefined || cost < best.cost) best = { type, bytes, cost };
    }
    const offset = y * (stride + 1);
    raw[offset] = best!.type;
    raw.set(best!.bytes, offset + 1);
    previous = line;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bit depth
  header[9] = COLOR_TYPE_RGBA;
  // bytes 10..12: compression 0, filter method 0, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Decodes 8-bit RGB or RGBA, non-interlaced PNGs (what design tools export for icons) to RGBA. */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const { width, height } = readPngSize(bytes);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bitDepth = view[24];
  const colorType = view[25];
  const interlace = view[28];
  if (bitDepth !== 8 || (colorType !== COLOR_TYPE_RGB && colorType !== COLOR_TYPE_RGBA) || interlace !== 0) {
    throw new Error(
      `unsupported PNG (bit depth ${bitDepth}, color type ${colorType}, interlace ${interlace}); export 8-bit RGBA, non-interlaced`,
    );
  }
  const idat: Buffer[] = [];
  for (let offset = 8; offset + 8 <= view.length; ) {
    const length = view.readUInt32BE(offset);
    const type = view.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(view.subarray(offset + 8, offset + 8 + length));
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const bytesPerPixel = colorType === COLOR_TYPE_RGBA ? 4 : 3;
  const stride = width * bytesPerPixel;
  if (raw.length < (stride + 1) * height) throw new Error('PNG image data is truncated');

  const image = createImage(width, height);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]!;
    const line = new Uint8Array(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= bytesPerPixel ? line[i - bytesPerPixel]! : 0;
      const up = previous[i]!;
      const upLeft = i >= bytesPerPixel ? previous[i - bytesPerPixel]! : 0;
      let predictor: number;
      switch (type) {
        case 0: predictor = 0; break;
        case 1: predictor = left; break;
        case 2: predictor = up; break;
        case 3: predictor = (left + up) >> 1; break;
        case 4: predictor = paeth(left, up, upLeft); break;
        default: throw new Error(`PNG row ${y} uses unknown filter ${type}`);
      }
      line[i] = (line[i]! + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const target = (y * width + x) * 4;
      const source = x * bytesPerPixel;
      image.data[target] = line[source]!;
      image.data[target + 1] = line[source + 1]!;
      image.data[target + 2] = line[source + 2]!;
      image.data[target + 3] = bytesPerPixel === 4 ? line[source + 3]! : 255;
    }
    previous = line;
  }
  return image;
}
