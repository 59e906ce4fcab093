import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./steady-memory.ts', import.meta.url));

/**
 * Runs a fresh Node process that compiles and runs 50 small functions once, then collects garbage
 * ten times, with V8 set to flush at every collection (--stress-flush-code) and to say so
 * (--trace-flush-bytecode); returns how many functions' bytecode V8 said it threw away.
 */
function bytecodeFlushedWhen(keep: boolean): number {
  const script = `
    const { keepBytecodeBetweenRefreshes } = await import(${JSON.stringify(MODULE)});
    if (${keep}) keepBytecodeBetweenRefreshes();
    const functions = Array.from({ length: 50 }, (_, i) => new Function('x', 'return x * ' + i));
    for (const run of functions) run(2);
    for (let i = 0; i < 10; i++) globalThis.gc();
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', '--stress-flush-code', '--trace-flush-bytecode', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('discarding compiled metadata')).length;
}

describe('keepBytecodeBetweenRefreshes', () => {
  it('stops V8 throwing compiled functions away, though V8 had started before it was set', () => {
    // Without it the same process does flush: the check below can fail.
    expect(bytecodeFlushedWhen(false)).toBeGreaterThan(0);
    expect(bytecodeFlushedWhen(true)).toBe(0);
  });
});
