/**
 * The main process log: one JSON object per line in `<userData>/logs/main.log`, every entry passed
 * through the redactor first. Writes are synchronous appends: the log is small, and an entry must
 * survive the crash it describes. When the file cannot be created or written (a read-only or full
 * disk), the logger says so once on stderr and sends its entries there instead: a log must never
 * be the reason the app does not start.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeFsProblem } from './fs-problem';
import { createRedactor, type Redactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Past this size the file is moved to main.1.log (replacing the older one) and a new one starts. */
const ROTATE_AT_BYTES = 5 * 1024 * 1024;

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
  readonly redactor: Redactor;
  /** Absolute path of the log file, or null for a logger that writes nowhere. */
  readonly file: string | null;
  /** Whether entries reach the log file now (false once it could not be created or written). */
  writesToFile(): boolean;
}

export interface LoggerOptions {
  /** Where to write; null keeps entries in memory only (tests, before userData is known). */
  file: string | null;
  level?: LogLevel;
  redactor?: Redactor;
  /** Also echo to stderr (development). */
  echo?: boolean;
}

export function logFileIn(userDataDir: string): string {
  return join(userDataDir, 'logs', 'main.log');
}

export function createLogger(options: LoggerOptions): Logger {
  const redactor = options.redactor ?? createRedactor();
  const threshold = LEVEL_ORDER[options.level ?? 'info'];
  const file = options.file;
  let writtenSinceCheck = 0;
  let onStderr = false;

  function fallBackToStderr(error: unknown): void {
    if (onStderr) return;
    onStderr = true;
    process.stderr.write(`log: cannot write ${file} (${describeFsProblem(error)}); log entries go to stderr instead.\n`);
  }

  if (file) {
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    } catch (error) {
      fallBackToStderr(error);
    }
  }

  function rotateIfLarge(): void {
    if (!file) return;
    try {
      if (statSync(file).size > ROTATE_AT_BYTES) renameSync(file, file.replace(/\.log$/, '.1.log'));
    } catch {
      // No file yet, or it vanished: nothing to rotate.
    }
  }

  function write(level: LogLevel, message: string, details?: Record<string, unknown>): void {
    if (LEVEL_ORDER[level] < threshold) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message: redactor.redactText(message) };
    if (details) entry.details = redactor.redactValue(details);
    // Redact the serialised line once more: a secret could hide in a key name or a nested string.
    const line = redactor.redactText(JSON.stringify(entry)) + '\n';
    if (options.echo) process.stderr.write(line);
    if (!file) return;
    if (!onStderr) {
      try {
        if (writtenSinceCheck > 64 * 1024) {
          writtenSinceCheck = 0;
          rotateIfLarge();
        }
        appendFileSync(file, line, { mode: 0o600 });
        writtenSinceCheck += line.length;
        return;
      } catch (error) {
        // A full disk or a read-only profile must not take the app down with it.
        fallBackToStderr(error);
      }
    }
    if (!options.echo) process.stderr.write(line);
  }

  if (!onStderr) rotateIfLarge();
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    redactor,
    file,
    writesToFile: () => file !== null && !onStderr,
  };
}

/** A logger that drops everything (tests that do not look at the log). */
export function createSilentLogger(): Logger {
  return createLogger({ file: null, level: 'error' });
}
