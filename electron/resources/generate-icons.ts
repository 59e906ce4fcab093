// Produces every icon the installers need from the one source image, electron/resources/icon.png:
//   icons/<N>x<N>.png  Linux icon set (electron-builder `linux.icon: icons`), N in ICON_SIZES
//   icon.ico           Windows, PNG-compressed entries 16..256
//   icon.icns          macOS, PNG-based ic07..ic14 elements
// The outputs are committed, so packaging needs no image tool at build time. Re-run after changing
// icon.png: `npx tsx electron/resources/generate-icons.ts`. Output is deterministic; a test checks
// that the committed files are exactly what this script produces.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIcns, ICNS_PNG_TYPES, type IcnsPngType } from './icon-tools/icns';
import { buildIco } from './icon-tools/ico';
import { decodePng, encodePng, type RgbaImage } from './icon-tools/png';
import { downscale } from './icon-tools/resize';

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
export const SOURCE_SIZE = 1024;

export const RESOURCES_DIR = dirname(fileURLToPath(import.meta.url));
export const SOURCE_ICON = join(RESOURCES_DIR, 'icon.png');

/** Generated files keyed by path relative to electron/resources. */
export function generateIcons(source: RgbaImage): Map<string, Buffer> {
  if (source.width !== SOURCE_SIZE || source.height !== SOURCE_SIZE) {
    throw new Error(`icon.png must be ${SOURCE_SIZE}x${SOURCE_SIZE}, got ${source.width}x${source.height}`);
  }
  const pngBySize = new Map<number, Buffer>();
  for (const size of ICON_SIZES) {
    pngBySize.set(size, encodePng(size === SOURCE_SIZE ? source : downscale(source, size, size)));
  }
  const png = (size: number): Buffer => {
    const bytes = pngBySize.get(size);
    if (!bytes) throw new Error(`no ${size} px rendition`);
    return bytes;
  };

  const files = new Map<string, Buffer>();
  for (const size of ICON_SIZES) files.set(`icons/${size}x${size}.png`, png(size));
  files.set('icon.ico', buildIco(ICO_SIZES.map(png)));
  const icnsTypes = Object.keys(ICNS_PNG_TYPES) as IcnsPngType[];
  files.set('icon.icns', buildIcns(icnsTypes.map((type) => ({ type, png: png(ICNS_PNG_TYPES[type]) }))));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = generateIcons(decodePng(readFileSync(SOURCE_ICON)));
  for (const [relativePath, bytes] of files) {
    const target = join(RESOURCES_DIR, relativePath);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`${relativePath.padEnd(24)} ${bytes.length} bytes`);
  }
}
