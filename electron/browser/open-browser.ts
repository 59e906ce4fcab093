/**
 * Opening browser mode in the user's browser without putting the token on a command line.
 *
 * `xdg-open URL` (or `open`, `start`) would show the tokened URL to every local user in the process
 * list. Instead, as notebook servers do, the URL goes into a small HTML file that only this user can
 * read (0600 in a 0700 folder), the browser is pointed at the file's path, and the file redirects to
 * the app. The file is deleted shortly after, and on exit.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Long enough for a cold browser start to read the file; short enough not to leave it lying around. */
const LAUNCHER_FILE_LIFETIME_MS = 60_000;

export interface LauncherFile {
  path: string;
  remove(): void;
}

function escapeHtmlAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes the redirect file into `dir` (created 0700); readable by this user only. */
function writeLauncherFile(dir: string, appUrl: string): LauncherFile {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const path = join(dir, `open-${randomBytes(8).toString('hex')}.html`);
  const target = escapeHtmlAttribute(appUrl);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${target}"><title>Opening WhiteBIT Desk…</title></head><body><p><a href="${target}">Open WhiteBIT Desk</a></p></body></html>\n`;
  // `wx`: never follow or reuse a file someone else placed under that name.
  writeFileSync(path, html, { mode: 0o600, flag: 'wx' });
  return { path, remove: () => rmSync(path, { force: true }) };
}

/** The platform's "open this with the default program" command, given a file URL. */
export function systemOpener(target: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [target]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', target]] : ['xdg-open', [target]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the ready line on stdout still tells where the app is.
  }
}

export interface OpenOptions {
  /** A private folder for the launcher file (under the user-data folder). */
  dir: string;
  /** Test seam: what opens the file (default: xdg-open / open / start). */
  open?: (target: string) => void;
  lifetimeMs?: number;
}

/** Opens the app in the default browser; returns the launcher file (already scheduled for removal). */
export function openAppInBrowser(appUrl: string, options: OpenOptions): LauncherFile {
  const file = writeLauncherFile(options.dir, appUrl);
  const timer = setTimeout(file.remove, options.lifetimeMs ?? LAUNCHER_FILE_LIFETIME_MS);
  timer.unref();
  process.once('exit', file.remove);
  (options.open ?? systemOpener)(pathToFileURL(file.path).href);
  return {
    path: file.path,
    remove: () => {
      clearTimeout(timer);
      file.remove();
    },
  };
}
