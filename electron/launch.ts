/**
 * `npm start`: runs the real Electron app when an Electron binary is installed, and otherwise (or
 * with --browser) the same core in browser mode on 127.0.0.1. Prints exactly one JSON line on
 * stdout when ready: {"event":"ready","url":"http://127.0.0.1:<port>/?token=…"}.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFailurePageServer } from './browser/failure-server';
import { openAppInBrowser, systemOpener } from './browser/open-browser';
import { startBrowserServer } from './browser/server';
import { createCore } from './core';
import { acquireInstanceLock, EXIT_DATA_FOLDER_IN_USE } from './services/database';
import { describeStartupFailure, EXIT_STARTUP_FAILED, startupFailureOf } from './services/startup/failure';
import { findElectronBinary } from './electron-binary';
import { parseLaunchArgs, USAGE, UsageError, type LaunchOptions } from './launch-args';
import { defaultUserDataDir } from './paths';
import { createLogger, logFileIn } from './services/logging';

const here = dirname(fileURLToPath(import.meta.url));
/** Built: out/electron/launch.js -> repo root two levels up. From source (tsx): electron/launch.ts. */
const projectRoot = here.endsWith(join('out', 'electron')) ? join(here, '..', '..') : join(here, '..');

function runElectron(binary: string, args: readonly string[]): void {
  const child = spawn(binary, [join(projectRoot, 'out', 'electron', 'main.js'), ...args], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function runBrowserMode(options: LaunchOptions): Promise<void> {
  // DESK_RENDERER_DIR serves another build (development, tests); normally the one beside this file.
  const staticDir = process.env.DESK_RENDERER_DIR || join(projectRoot, 'out', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) {
    process.stderr.write(`launch: the renderer is not built (${staticDir} has no index.html); run "npm run build" first\n`);
    process.exit(1);
  }
  const userDataDir = options.userDataDir ?? defaultUserDataDir();
  // Before the log or anything else is written: a second process on this folder leaves it as it is.
  // Held until this process exits (the OS releases it then); the core shares it. A start that fails
  // for a reason the person can act on says what happened, what was kept and what to do.
  let core: ReturnType<typeof createCore>;
  let logger: ReturnType<typeof createLogger>;
  try {
    acquireInstanceLock(userDataDir, 'browser');
    logger = createLogger({ file: logFileIn(userDataDir) });
    core = createCore({ userDataDir, mode: 'browser', logger, prefetchLanding: true });
  } catch (error) {
    const failure = startupFailureOf(error, userDataDir);
    if (!failure) throw error;
    process.stderr.write(`launch: ${describeStartupFailure(failure)}\n`);
    const exitCode = failure.code === 'folder_in_use' ? EXIT_DATA_FOLDER_IN_USE : EXIT_STARTUP_FAILED;
    // A start someone watches (the browser is opened) also shows the page; --no-open (scripts) only prints.
    if (options.open) await showFailurePage(staticDir, failure, options.port);
    process.exit(exitCode);
  }
  // Settings that could not be read or saved: the page shows this too, but say it where we were started.
  if (core.notice) process.stderr.write(`launch: warning: ${core.notice}\n`);
  let server;
  try {
    server = await startBrowserServer({ core, staticDir, port: options.port, logger });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE' ? `launch: port ${options.port} is already in use; choose another with --port or use --port 0\n` : `launch: could not start the server (${code ?? 'error'})\n`,
    );
    await core.close();
    process.exit(1);
  }
  const running = server;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([running.close(), core.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`${JSON.stringify({ event: 'ready', url: running.url })}\n`);
  // The tokened URL goes through a private file, never onto a command line (see open-browser.ts).
  if (options.open) openAppInBrowser(running.url, { dir: join(userDataDir, 'run') });
}

/** How long the failure page is served when it is not closed first. */
const FAILURE_PAGE_LIFETIME_MS = 5 * 60_000;

/**
 * Serves the failure page and opens it; returns when it is closed or its time is up. Its address
 * carries no token (there is no API behind it), so it is opened directly: nothing is written into
 * the data folder that failed.
 */
async function showFailurePage(staticDir: string, failure: NonNullable<ReturnType<typeof startupFailureOf>>, port: number): Promise<void> {
  let page;
  try {
    page = await startFailurePageServer({ staticDir, failure, port, lifetimeMs: FAILURE_PAGE_LIFETIME_MS });
  } catch {
    return; // The paragraph above already said it all.
  }
  const ended = page;
  process.on('SIGINT', () => void ended.close().then(() => process.exit(130)));
  process.on('SIGTERM', () => void ended.close().then(() => process.exit(143)));
  process.stdout.write(`${JSON.stringify({ event: 'startup_failed', code: failure.code, url: ended.url })}\n`);
  systemOpener(ended.url);
  await ended.done;
  await ended.close();
}

async function main(args: readonly string[]): Promise<void> {
  let options: LaunchOptions;
  try {
    options = parseLaunchArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`launch: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (options.browser) {
    process.stderr.write('launch: browser mode (--browser given)\n');
    return runBrowserMode(options);
  }
  const electron = findElectronBinary();
  if ('missing' in electron) {
    process.stderr.write(`launch: browser mode, because Electron cannot start here: ${electron.missing}\n`);
    return runBrowserMode(options);
  }
  const forwarded = options.userDataDir ? [`--user-data-dir=${options.userDataDir}`] : [];
  runElectron(electron.path, forwarded);
}

await main(process.argv.slice(2));
