/**
 * Process-wide V8 setting that keeps a long-running main process's memory flat (issue 14).
 *
 * V8 throws away the bytecode of a function that has not run for a few major collections, and
 * compiles it again the next time it runs. This app's main process runs the same refresh every
 * 10 s and then idles, which is exactly the pattern that makes V8 drop the refresh's functions
 * between runs and compile them again on the next one. The compiling happens on V8's worker
 * threads, whose malloc arenas then keep growing: measured side by side (bench:idle's method,
 * the overview asked every 10 s), the main process's anonymous memory grew 5-8 MB in 15 minutes
 * with flushing and 1-2 MB without, while its JS heap stayed flat in both.
 *
 * Keeping the bytecode costs what the app's code compiles to (about 1.5 MB, once); the flag is
 * read by every collection, so setting it after V8 has started works. Electron runs its main
 * process with flags unfrozen (it passes --no-freeze-flags-after-init, as Node does), so this
 * is the one lever of its kind that a packaged app can pull from inside: the others (V8's
 * compiler threading, glibc's MALLOC_ARENA_MAX) must be on the command line before start.
 */
import { setFlagsFromString } from 'node:v8';

export function keepBytecodeBetweenRefreshes(): void {
  setFlagsFromString('--no-flush-bytecode');
}
