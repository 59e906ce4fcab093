// Downscaling by area averaging: each target pixel is the mean of the source area it covers.
// Colours are averaged premultiplied by alpha, so transparent pixels around the artwork do not
// darken its anti-aliased edges.
import { createImage, type RgbaImage } from './png';

interface Contribution {
  index: number;
  weight: number;
}

/** For each target position, which source positions it covers and by how much (weights sum to 1). */
function areaWeights(sourceLength: number, targetLength: number): Contribution[][] {
  const scale = sourceLength / targetLength;
  const result: Contribution[][] = [];
  for (let target = 0; target < targetLength; target++) {
    const start = target * scale;
    const end = start + scale;
    const contributions: Contribution[] = [];
    for (let index = Math.floor(start); index < Math.ceil(end); index++) {
      const overlap = Math.min(end, index + 1) - Math.max(start, index);
      if (overlap > 0) contributions.push({ index, weight: overlap / scale });
    }
    result.push(contributions);
  }
  return result;
}

export function downscale(source: RgbaImage, width: number, height: number): RgbaImage {
  if (width > source.width || height > source.height) {
    throw new Error(`cannot upscale ${source.width}x${source.height} to ${width}x${height}; provide a larger source`);
  }
  // Premultiplied floats, resized horizontally first, then vertically (the filter is separable).
  const premultiplied = new Float64Array(source.width * source.height * 4);
  for (let i = 0; i < source.width * source.height; i++) {
    const alpha = source.data[i * 4 + 3]! / 255;
    premultiplied[i * 4] = source.data[i * 4]! * alpha;
    premultiplied[i * 4 + 1] = source.data[i * 4 + 1]! * alpha;
    premultiplied[i * 4 + 2] = source.data[i * 4 + 2]! * alpha;
    premultiplied[i * 4 + 3] = alpha;
  }

  const columns = areaWeights(source.width, width);
  const rows = areaWeights(source.height, height);

  const horizontal = new Float64Array(width * source.height * 4);
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 4; channel++) {
        let sum = 0;
        for (const { index, weight } of columns[x]!) {
          sum += premultiplied[(y * source.width + index) * 4 + channel]! * weight;
        }
        horizontal[(y * width + x) * 4 + channel] = sum;
      }
    }
  }

  const target = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = [0, 1, 2, 3].map((channel) =>
        rows[y]!.reduce((total, { index, weight }) => total + horizontal[(index * width + x) * 4 + channel]! * weight, 0),
      );
      const alpha = sum[3]!;
      const offset = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        target.data[offset + channel] = alpha > 0 ? clampByte(sum[channel]! / alpha) : 0;
      }
      target.data[offset + 3] = clampByte(alpha * 255);
    }
  }
  return target;
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
