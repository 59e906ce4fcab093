/**
 * Node's own flags for browser mode. `npm start` passes them before the launcher (package.json's
 * start script; launch.test.ts checks that the two agree), and the e2e fixtures and the benches
 * start browser mode with them, so that what is tested and measured is what a user runs.
 *
 * --single-threaded (issue 14): V8 does its garbage collector's helper work and its optimizing
 * compiler's work on the main thread instead of on background threads. On Linux, glibc's malloc
 * gives each thread that allocates an arena of its own and hands memory freed there back to the
 * system reluctantly. The optimizing compiler allocates and frees megabytes of scratch memory per
 * function it compiles, and at a refresh every 10 s V8 was still compiling four to seven functions
 * a minute half an hour in; the main process's RSS grew in steps in those per-thread arenas while
 * its JS heap stayed flat. On one thread that work reuses the main arena.
 * Side by side, the flag cost no CPU (README, "Browser mode", has the figures and what they do
 * not show).
 *
 * It is read when V8 starts: the app cannot set it for itself from inside (setting such flags at
 * run time crashed V8 in a probe), which is why it lives on Node's command line. Electron's main
 * process does not get it; it was not measured here (no Electron binary).
 */
export const BROWSER_MODE_NODE_FLAGS: readonly string[] = ['--single-threaded'];
