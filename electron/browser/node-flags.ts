/**
 * Node's own flags for browser mode. `npm start` passes them before the launcher (package.json's
 * start script; launch.test.ts checks that the two agree), and the e2e fixtures and the benches
 * start browser mode with them, so that what is tested and measured is what a user runs.
 *
 * --single-threaded: V8 does its garbage collector's helper work and its optimizing compiler's work
 * on the main thread instead of on background threads (issue 14). glibc's malloc gives each thread
 * that allocates an arena of its own and hands memory freed in those arenas back to the system
 * reluctantly. The optimizing compiler allocates and frees megabytes of scratch memory per function
 * it compiles, and V8 keeps finding functions worth compiling for the first hour and more at a
 * refresh every 10 s, so the main process's RSS crept up in steps, about 4 MB/h in the second hour
 * of a soak, with its JS heap and its live malloc'd memory flat. On one thread the same work reuses
 * one arena. Side by side, the idle CPU was the same (README, "Browser mode").
 *
 * Electron's main process cannot take this flag from inside the app (V8 reads it when it starts),
 * and it allocates through Chromium's allocator, not glibc's arenas; only browser mode uses it.
 */
export const BROWSER_MODE_NODE_FLAGS: readonly string[] = ['--single-threaded'];
