// Draws the app's source artwork, electron/resources/icon.png (1024 x 1024), from geometry:
// a dark rounded square carrying a "W" whose last stroke rises in green like a price chart.
// Run once after changing the design: `npx tsx electron/resources/draw-icon.ts`, then
// `npx tsx electron/resources/generate-icons.ts`. A designer can replace icon.png with real artwork
// instead (1024 px, 8-bit RGBA) and run only the generator.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createImage, encodePng, type RgbaImage } from './icon-tools/png';

const SIZE = 1024;
// macOS icon grid: the tile is 824 px inside a 1024 canvas, leaving room for the system shadow.
const TILE_MARGIN = 100;
const TILE_RADIUS = 185;
const STROKE_HALF_WIDTH = 40;

type Rgb = readonly [number, number, number];
const TILE_TOP: Rgb = [0x1d, 0x33, 0x55];
const TILE_BOTTOM: Rgb = [0x0a, 0x14, 0x26];
const LETTER: Rgb = [0xf3, 0xf6, 0xfa];
const RISING: Rgb = [0x2e, 0xd5, 0x8a];

type Point = readonly [number, number];
const W_POINTS: readonly Point[] = [
  [268, 330],
  [390, 700],
  [512, 450],
  [634, 700],
  [756, 330],
];

/** Signed distance to a rounded square (negative inside). */
function roundedSquareDistance(x: number, y: number): number {
  const half = (SIZE - 2 * TILE_MARGIN) / 2;
  const qx = Math.abs(x - SIZE / 2) - (half - TILE_RADIUS);
  const qy = Math.abs(y - SIZE / 2) - (half - TILE_RADIUS);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - TILE_RADIUS;
}

function segmentDistance(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** Coverage of a pixel by a shape whose signed distance at the pixel centre is `distance` (1 px ramp). */
function coverage(distance: number): number {
  return Math.max(0, Math.min(1, 0.5 - distance));
}

function mix(under: Rgb, over: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => under[i]! + (over[i]! - under[i]!) * amount) as unknown as Rgb;
}

export function drawIcon(): RgbaImage {
  const image = createImage(SIZE, SIZE);
  const letterSegments = W_POINTS.slice(0, 4);
  const risingStart = W_POINTS[3]!;
  const risingEnd = W_POINTS[4]!;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const tileAlpha = coverage(roundedSquareDistance(px, py));
      if (tileAlpha === 0) continue;

      const gradient = (py - TILE_MARGIN) / (SIZE - 2 * TILE_MARGIN);
      let color = mix(TILE_TOP, TILE_BOTTOM, Math.max(0, Math.min(1, gradient)));

      let letterDistance = Infinity;
      for (let i = 0; i + 1 < letterSegments.length; i++) {
        letterDistance = Math.min(letterDistance, segmentDistance(px, py, letterSegments[i]!, letterSegments[i + 1]!));
      }
      color = mix(color, LETTER, coverage(letterDistance - STROKE_HALF_WIDTH));
      const risingDistance = segmentDistance(px, py, risingStart, risingEnd);
      color = mix(color, RISING, coverage(risingDistance - STROKE_HALF_WIDTH));

      const offset = (y * SIZE + x) * 4;
      image.data[offset] = Math.round(color[0]);
      image.data[offset + 1] = Math.round(color[1]);
      image.data[offset + 2] = Math.round(color[2]);
      image.data[offset + 3] = Math.round(tileAlpha * 255);
    }
  }
  return image;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL('./icon.png', import.meta.url));
  writeFileSync(target, encodePng(drawIcon()));
  console.log(`wrote ${target}`);
}
