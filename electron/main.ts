/**
 * Electron entry (built to out/electron/main.js). The renderer build lives beside it in
 * out/renderer; the preload is out/electron/preload.cjs.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../package.json';
import { runElectronApp } from './window/app';

const buildDir = dirname(fileURLToPath(import.meta.url));

runElectronApp({ buildDir, rendererDir: join(buildDir, '..', 'renderer'), version });
