/**
 * The renderer's catalogs are complete and current: every message in the code is in the English
 * catalog (extraction was run), none is stale, and every one has a Ukrainian translation that keeps
 * the English placeholders and tags and uses Ukrainian plural forms. `npm run i18n:extract`
 * refreshes the catalogs after a change of wording; then translate what it added to the uk.po files.
 */
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ON_DEMAND_SOURCES } from '../renderer/i18n/catalogSplit';

const root = fileURLToPath(new URL('..', import.meta.url));

async function loadCatalogs() {
  const config = getConfig({ cwd: root, configPath: `${root}/renderer/i18n/lingui.config.ts`, skipValidation: true });
  const catalogs = await getCatalogs(config);
  if (catalogs.length !== 2) throw new Error('renderer/i18n/lingui.config.ts should name two catalogs (first paint, views)');
  return catalogs;
}

const isOnDemand = (file: string) => ON_DEMAND_SOURCES.some((source) => file === join(root, source) || file.startsWith(`${join(root, source)}/`));

/** The files a module imports for their code (`import type` brings none), resolved like the bundler. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    return found ? [found] : [];
  });
}

/** `{name}`, `{0}`, `{count, plural, …}` (by name) and `<0>`…`</0>` tags of a message. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([\w]+)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('i18n catalogs', () => {
  it('hold exactly the messages in the code, each translated into Ukrainian', { timeout: 120_000 }, async () => {
    for (const catalog of await loadCatalogs()) await checkCatalog(catalog);
  });

  it('the first paint never imports an on-demand source statically (its messages would render before their catalog)', () => {
    // Every module the page's entries reach without a dynamic import is part of the first paint.
    const offenders: string[] = [];
    const seen = new Set<string>();
    const queue = ['renderer/main.tsx', 'renderer/startup.ts'].map((entry) => join(root, entry));
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const target of staticImports(file)) {
        if (isOnDemand(target)) offenders.push(`${relative(root, file)} -> ${relative(root, target)}`);
        else queue.push(target);
      }
    }
    expect(seen.size, 'the walk found the first paint').toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});

async function checkCatalog(catalog: Awaited<ReturnType<typeof loadCatalogs>>[number]): Promise<void> {
  const inCode = await catalog.collect();
  expect(inCode, 'extraction found no messages').toBeTruthy();
  const en = await catalog.read('en');
  const uk = await catalog.read('uk');

  const codeIds = Object.keys(inCode ?? {}).sort();
  const live = (messages: typeof en) => Object.keys(messages).filter((id) => !messages[id]?.obsolete).sort();
  // A message added or reworded in the code but not extracted, or a stale one left in the catalog.
  expect(live(en), `${catalog.path}: en.po is not current: run \`npm run i18n:extract\``).toEqual(codeIds);
  expect(live(uk), `${catalog.path}: uk.po is not current: run \`npm run i18n:extract\``).toEqual(codeIds);

  const problems: string[] = [];
  for (const id of codeIds) {
    const source = en[id]?.message ?? en[id]?.translation ?? '';
    const translation = uk[id]?.translation ?? '';
    if (!translation.trim()) {
      problems.push(`untranslated: ${source}`);
      continue;
    }
    if (JSON.stringify(placeholders(translation)) !== JSON.stringify(placeholders(source))) problems.push(`placeholders differ: ${source} -> ${translation}`);
    try {
      compileMessage(translation);
    } catch (error) {
      problems.push(`not valid ICU: ${translation} (${String(error)})`);
    }
    // Ukrainian counts take one, few and many forms (1 план, 2 плани, 5 планів).
    if (/\{\s*\w+\s*,\s*plural\s*,/.test(translation) && !/\bfew\s*\{/.test(translation)) problems.push(`plural without Ukrainian forms: ${translation}`);
  }
  expect(problems, catalog.path).toEqual([]);
}
