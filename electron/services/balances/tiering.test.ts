/**
 * The code an idle app runs on every refresh is optimized once (issue 14). V8 keeps a function's
 * optimized code only while a closure of it is alive: an arrow made inside each overview (a .map
 * callback, a helper closing over the call's state) dies with the overview, and after the next full
 * collection V8 optimizes the next one from scratch. At a 10 s refresh that kept the main process
 * compiling for hours, and each compile's scratch memory grew its RSS.
 *
 * This runs the real overview (core, client, Demo simulator over HTTP) round after round in a Node
 * process of its own under V8's --trace-opt and --trace-deopt, as browser mode starts Node
 * (--single-threaded: compiles happen in order on the main thread), with a forced full collection
 * every five rounds, and reads the trace: no function of the app's own code may be optimized a
 * second time unless V8 deoptimized it in between. Deoptimizations themselves are V8's business
 * (a map that died, feedback cleared by a collection) and are allowed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_MODE_NODE_FLAGS } from '../../browser/node-flags';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROUNDS = 120;
const TRACE_FLAGS = ['--expose-gc', '--trace-opt', '--trace-deopt', '--print-opt-source'];

interface Compile {
  /** Where the function is, as V8 names it: `file:///…/valuation.ts:legOf@3678` (offset in the transpiled file). */
  where: string;
  /** The start of the function's (transpiled) text, to recognise it by. */
  text: string;
}

/**
 * Functions optimized again with no deoptimization of theirs in between, each with how many times,
 * read from a trace of --trace-opt, --trace-deopt and --print-opt-source in compile order (one
 * thread). A function is known by where its source is, not by the address V8 prints: a collection
 * that compacts moves a function's SharedFunctionInfo, and another may take its old address. A
 * deoptimization names an address and a function name; either one that matches counts.
 */
function reoptimizedWithoutDeopt(trace: string): Map<Compile, number> {
  const functions = new Map<string, Compile>();
  const optimized = new Set<string>();
  const deoptimized = new Set<string>();
  const whereAt = new Map<number, string>();
  const whereNamed = new Map<string, Set<string>>();
  const repeats = new Map<Compile, number>();
  let compiling: { address: number; name: string } | null = null;
  let awaitingText: Compile | null = null;
  const address = (hex: string) => Number.parseInt(hex, 16);
  const markDeoptimized = (hex: string, name: string) => {
    const where = whereAt.get(address(hex));
    if (where !== undefined) deoptimized.add(where);
    for (const named of name === '' ? [] : (whereNamed.get(name) ?? [])) deoptimized.add(named);
  };
  // A function's source is printed as it is, so a marker may follow its last line on the same line:
  // markers are looked for anywhere in a line.
  for (const line of trace.split('\n')) {
    const started = /\[compiling method 0x[0-9a-f]+ <JSFunction ?([^>]*?) \(sfi = (0x[0-9a-f]+)\)> \(target TURBOFAN\)/.exec(line);
    if (started) compiling = { address: address(started[2]!), name: started[1]! };
    // The compiled function's own source block (inlined ones follow with id{n,1..}).
    const source = /--- FUNCTION SOURCE \((.*)\) id\{\d+,-1\} start\{(\d+)\} ---/.exec(line);
    if (source && compiling) {
      const where = `${source[1]}@${source[2]}`;
      whereAt.set(compiling.address, where);
      whereNamed.set(compiling.name, (whereNamed.get(compiling.name) ?? new Set()).add(where));
      if (!functions.has(where)) {
        awaitingText = { where, text: '' };
        functions.set(where, awaitingText);
      }
      compiling = null;
      continue;
    }
    if (awaitingText) {
      awaitingText.text = line.slice(0, 80);
      awaitingText = null;
    }
    // Only a compile that completed counts: V8 may drop one on the way without a word.
    const completed = /\[completed compiling 0x[0-9a-f]+ <JSFunction [^>]*\(sfi = (0x[0-9a-f]+)\)> \(target TURBOFAN\)/.exec(line);
    const where = completed ? whereAt.get(address(completed[1]!)) : undefined;
    if (where !== undefined) {
      const compile = functions.get(where)!;
      if (optimized.has(where) && !deoptimized.has(where)) repeats.set(compile, (repeats.get(compile) ?? 0) + 1);
      optimized.add(where);
      deoptimized.delete(where);
    }
    // Eager and lazy deoptimizations name the JSFunction; code thrown away by a collection or a
    // changed dependency names its SharedFunctionInfo.
    const bailout = /\[bailout .*deoptimizing 0x[0-9a-f]+ <JSFunction ?([^>]*?) \(sfi = (0x[0-9a-f]+)\)>/.exec(line);
    if (bailout) markDeoptimized(bailout[2]!, bailout[1]!);
    const dependent = /\[marking dependent code 0x[0-9a-f]+ <Code \w+> \((0x[0-9a-f]+) <SharedFunctionInfo ?([^>]*)>/.exec(line);
    if (dependent) markDeoptimized(dependent[1]!, dependent[2]!);
  }
  return repeats;
}

/** The app's own code (not Node's, a library's or a test's), named from the checkout's root. */
function appFunction(compile: Compile): string | null {
  const prefix = `file://${ROOT}/`;
  if (!compile.where.startsWith(prefix)) return null;
  const where = compile.where.slice(prefix.length);
  if (!/^(electron|shared)\//.test(where) || where.includes('/test/')) return null;
  return `${where} ${compile.text}`;
}

describe('the overview on every refresh', () => {
  it("optimizes each of the app's functions once, unless V8 threw its code away", () => {
    const run = spawnSync(process.execPath, [...BROWSER_MODE_NODE_FLAGS, ...TRACE_FLAGS, '--import', 'tsx', join(ROOT, 'electron/services/balances/test/overview-rounds.ts'), String(ROUNDS)], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const trace = run.stdout;
    // The trace is read right: the overview's own code was optimized in it.
    expect(trace).toMatch(/--- FUNCTION SOURCE \(file:\/\/\/.*\/electron\/services\/balances\/service\.ts:holdingOf\) id\{\d+,-1\}/);
    const again = [...reoptimizedWithoutDeopt(trace)].flatMap(([compile, times]) => {
      const name = appFunction(compile);
      return name === null ? [] : [`${name} (optimized ${times + 1} times)`];
    });
    expect(again).toEqual([]);
  }, 150_000);
});
