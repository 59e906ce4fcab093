import { deflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildIcns, readIcns } from './icns';
import { buildIco, readIco } from './ico';
import { createImage, decodePng, encodePng, readPngSize, type RgbaImage } from './png';
import { downscale } from './resize';

/** A deterministic image with gradients, hard edges and partial transparency (exercises every PNG filter). */
function sampleImage(width: number, height: number): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      image.data[offset] = (x * 37 + y * 11) & 0xff;
      image.data[offset + 1] = x < width / 2 ? 255 : 0;
      image.data[offset + 2] = (x * y) & 0xff;
      image.data[offset + 3] = (x + y) % 3 === 0 ? 0 : 128 + ((x * 7) & 0x7f);
    }
  }
  return image;
}

function solid(width: number, height: number, rgba: readonly [number, number, number, number]): RgbaImage {
  const image = createImage(width, height);
  for (let i = 0; i < width * height; i++) image.data.set(rgba, i * 4);
  return image;
}

function pixel(image: RgbaImage, x: number, y: number): number[] {
  const offset = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(offset, offset + 4));
}

/** Hand-built PNG in a format our encoder never writes (RGB, filter 0), to test the decoder on its own. */
function rgbPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const chunk = (type: string, payload: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), payload]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(payload.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PNG codec', () => {
  it('round-trips RGBA pixels exactly and records the size in IHDR', () => {
    const image = sampleImage(37, 23);
    const png = encodePng(image);

    expect(readPngSize(png)).toEqual({ width: 37, height: 23 });
    const decoded = decodePng(png);
    expect(decoded.width).toBe(37);
    expect(Buffer.from(decoded.data).equals(Buffer.from(image.data))).toBe(true);
  });

  it('writes chunks whose CRCs check out', () => {
    const png = encodePng(sampleImage(8, 8));
    const types: string[] = [];
    for (let offset = 8; offset < png.length; ) {
      const length = png.readUInt32BE(offset);
      const body = png.subarray(offset + 4, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(body) >>> 0);
      types.push(body.toString('latin1', 0, 4));
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('is deterministic', () => {
    expect(encodePng(sampleImage(16, 16)).equals(encodePng(sampleImage(16, 16)))).toBe(true);
  });

  it('decodes RGB files as opaque RGBA', () => {
    const decoded = decodePng(rgbPng(3, 2, [10, 20, 30]));
    expect(pixel(decoded, 2, 1)).toEqual([10, 20, 30, 255]);
  });

  it('refuses formats it cannot decode, with a hint', () => {
    const sixteenBit = rgbPng(2, 2, [0, 0, 0]);
    sixteenBit[24] = 16;
    expect(() => decodePng(sixteenBit)).toThrow(/bit depth 16.*8-bit RGBA/);
    expect(() => decodePng(Buffer.from('GIF89a not a png at all'))).toThrow(/not a PNG/);
  });
});

describe('downscale', () => {
  it('keeps a solid colour unchanged at any ratio', () => {
    const small = downscale(solid(96, 96, [12, 200, 99, 255]), 24, 24);
    expect(pixel(small, 0, 0)).toEqual([12, 200, 99, 255]);
    expect(pixel(small, 23, 23)).toEqual([12, 200, 99, 255]);
  });

  it('averages colour weighted by alpha, so transparent neighbours do not darken edges', () => {
    const image = createImage(2, 1);
    image.data.set([255, 0, 0, 255, 0, 0, 0, 0]); // opaque red, fully transparent black
    expect(pixel(downscale(image, 1, 1), 0, 0)).toEqual([255, 0, 0, 128]);
  });

  it('splits source pixels between targets when the ratio is not whole', () => {
    const image = createImage(3, 1);
    image.data.set([0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]);
    const halved = downscale(image, 2, 1);
    // target 0 covers source 0 and half of source 1: (0 + 45) / 1.5 = 30; target 1: (45 + 180) / 1.5 = 150
    expect(pixel(halved, 0, 0)).toEqual([30, 30, 30, 255]);
    expect(pixel(halved, 1, 0)).toEqual([150, 150, 150, 255]);
  });

  it('does not upscale', () => {
    expect(() => downscale(solid(8, 8, [0, 0, 0, 255]), 16, 16)).toThrow(/cannot upscale/);
  });
});

describe('ICO container', () => {
  it('lists each PNG with its size (256 stored as 0) and 32 bits per pixel', () => {
    const pngs = [16, 48, 256].map((size) => encodePng(solid(size, size, [1, 2, 3, 255])));
    const ico = buildIco(pngs);

    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico[6 + 2 * 16]).toBe(0); // the 256 px entry's width byte
    const entries = readIco(ico);
    expect(entries.map((entry) => [entry.width, entry.height, entry.bitsPerPixel])).toEqual([
      [16, 16, 32], [48, 48, 32], [256, 256, 32],
    ]);
    entries.forEach((entry, i) => expect(entry.png.equals(pngs[i]!)).toBe(true));
  });

  it('rejects images larger than 256 px', () => {
    expect(() => buildIco([encodePng(solid(512, 512, [0, 0, 0, 255]))])).toThrow(/at most 256/);
  });
});

describe('ICNS container', () => {
  it('stores PNG elements under their types with a matching total length', () => {
    const png128 = encodePng(solid(128, 128, [9, 9, 9, 255]));
    const png1024 = encodePng(solid(1024, 1024, [9, 9, 9, 255]));
    const icns = buildIcns([{ type: 'ic07', png: png128 }, { type: 'ic10', png: png1024 }]);

    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const elements = readIcns(icns);
    expect(elements.map((element) => element.type)).toEqual(['ic07', 'ic10']);
    expect(elements[1]!.data.equals(png1024)).toBe(true);
  });

  it('rejects a PNG of the wrong size for its type', () => {
    expect(() => buildIcns([{ type: 'ic08', png: encodePng(solid(128, 128, [0, 0, 0, 255])) }])).toThrow(/ic08 must be 256x256/);
  });

  it('rejects a file whose length field lies', () => {
    const icns = buildIcns([{ type: 'ic07', png: encodePng(solid(128, 128, [0, 0, 0, 255])) }]);
    expect(() => readIcns(icns.subarray(0, icns.length - 1))).toThrow(/length/);
  });
});
