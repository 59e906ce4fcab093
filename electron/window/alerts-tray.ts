/**
 * Position alerts on the desktop: each `alerts.notification` (an alert worded by core in the picked
 * language) becomes a main-process Notification (so it shows whether or not the window is open),
 * and while any account has alerts on or a price alert is armed, a tray icon whose colour and
 * tooltip show the worst risk and the armed price alerts (`alerts.status`). Clicking either brings
 * the window back. app.ts uses `watching` to hide the window to the tray instead of closing it.
 */
import { Menu, nativeImage, Notification, Tray } from 'electron';
import { crc32, deflateSync } from 'node:zlib';
import type { EventName, EventPayloads } from '../../shared/ipc';
import type { I18n } from '@lingui/core';
import { trayMenuWords, trayStatusLine } from '../../shared/i18n/alertWords';
import type { AlertRisk, AlertsStatus } from '../../shared/model/alerts';

export interface AlertsTrayOptions {
  onEvent: (listener: <E extends EventName>(event: E, payload: EventPayloads[E]) => void) => () => void;
  productName: string;
  /** The catalogs in the picked language, read each time (the person may change it). */
  words: () => I18n;
  showWindow: () => void;
  quit: () => void;
}

export interface AlertsTray {
  /** True while an account has alerts on or a price alert is armed: closing the window then hides it to the tray. */
  readonly watching: boolean;
  dispose(): void;
}

const RISK_COLOURS: Record<AlertRisk, [number, number, number]> = {
  liquidation: [0xd9, 0x30, 0x25],
  margin_call: [0xf2, 0x99, 0x1d],
  near: [0xf2, 0xc9, 0x1d],
  none: [0x2e, 0xa0, 0x43],
  unknown: [0x8a, 0x93, 0x9e],
};

/** One PNG chunk: length, type, data and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 32 px filled disc in the risk's colour (the tray scales it to the platform's size), as an
 * 8-bit RGBA PNG: nativeImage's raw-bitmap input has a platform-dependent byte order, a PNG has one.
 */
export function riskIconPng(risk: AlertRisk): Buffer {
  const size = 32;
  const [r, g, b] = RISK_COLOURS[risk];
  const centre = (size - 1) / 2;
  // Each scanline starts with its filter type (0, none).
  const pixels = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Coverage of the pixel by a disc of radius 14, for a smooth edge.
      const alpha = Math.max(0, Math.min(1, 14.5 - Math.hypot(x - centre, y - centre)));
      pixels.set([r, g, b, Math.round(alpha * 255)], y * (1 + size * 4) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
}

export function installAlertsTray(options: AlertsTrayOptions): AlertsTray {
  let tray: Tray | null = null;
  let watching = false;
  // Electron drops a Notification that nothing references before it is clicked.
  const shown = new Set<Notification>();

  function notify({ title, body }: EventPayloads['alerts.notification']): void {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    shown.add(notification);
    notification.on('click', () => options.showWindow());
    notification.on('close', () => shown.delete(notification));
    notification.show();
  }

  function showStatus(status: AlertsStatus): void {
    watching = status.watching || status.priceAlertsArmed > 0;
    if (!watching) {
      tray?.destroy();
      tray = null;
      return;
    }
    const icon = nativeImage.createFromBuffer(riskIconPng(status.worst));
    const words = options.words();
    if (!tray) {
      tray = new Tray(icon);
      tray.on('click', () => options.showWindow());
    } else tray.setImage(icon);
    // Rebuilt each time: the language may have changed since.
    const menu = trayMenuWords(words, options.productName);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: menu.show, click: () => options.showWindow() },
        { type: 'separator' },
        { label: menu.quit, click: () => options.quit() },
      ]),
    );
    tray.setToolTip(`${options.productName}: ${trayStatusLine(words, status)}`);
  }

  const unsubscribe = options.onEvent((event, payload) => {
    if (event === 'alerts.notification') notify(payload as EventPayloads['alerts.notification']);
    else if (event === 'alerts.status') showStatus(payload as AlertsStatus);
  });

  return {
    get watching() {
      return watching;
    },
    dispose() {
      unsubscribe();
      tray?.destroy();
      tray = null;
    },
  };
}
