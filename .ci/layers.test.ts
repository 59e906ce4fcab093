// The per-layer TypeScript projects fence each layer by the runtime it may use: a probe file that
// reaches for the other runtime's globals must not compile in that layer's project.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** Diagnostics of `probe` compiled with the options of `layer/tsconfig.json`. */
function compileWith(layer: 'shared' | 'renderer' | 'electron', probe: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, layer, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error(`${layer}/tsconfig.json could not be read`);
  const dir = mkdtempSync(join(tmpdir(), 'layer-probe-'));
  try {
    const file = join(dir, 'probe.ts');
    writeFileSync(file, probe);
    const program = ts.createProgram({ rootNames: [file, ...parsed.fileNames.filter((f) => f.endsWith('.d.ts'))], options: parsed.options });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('per-layer TypeScript projects', () => {
  it('renderer code cannot use Node (Buffer, process)', () => {
    const errors = compileWith('renderer', 'export const a = Buffer.from("x"); export const b = process.env; export const c = document.title;');
    expect(errors.join('\n')).toMatch(/Cannot find name 'Buffer'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'process'/);
    expect(errors).toHaveLength(2);
  });

  it('main-process code cannot use the DOM (window, document)', () => {
    const errors = compileWith('electron', 'export const a = window.location; export const b = document.title; export const c = Buffer.from("x");');
    expect(errors.join('\n')).toMatch(/Cannot find name 'window'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'document'/);
    expect(errors).toHaveLength(2);
  });

  it('shared code can use neither, only the globals both runtimes have', () => {
    const errors = compileWith('shared', 'export const a = Buffer.from("x"); export const b = window.location; export const c = new URL("https://x.test").hostname;');
    expect(errors.join('\n')).toMatch(/Cannot find name 'Buffer'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'window'/);
    expect(errors).toHaveLength(2);
  });

  it('are built from the root solution, which checks no file itself (npm run typecheck is tsc -b)', () => {
    const root = ts.parseConfigFileTextToJson('tsconfig.json', readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).config as { files: string[]; references: Array<{ path: string }> };
    expect(root.files).toEqual([]);
    expect(root.references.map((reference) => reference.path)).toEqual(['shared', 'renderer', 'electron', 'tsconfig.tests.json']);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.typecheck).toBe('tsc -b');
    expect(manifest.scripts.build).toMatch(/^tsc -b && /);
  });
});
