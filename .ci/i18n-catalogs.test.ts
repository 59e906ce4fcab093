/**
 * The renderer's catalogs are complete and current: every message in the code is in the English
 * catalog (extraction was run), none is stale, and every one has a Ukrainian translation that keeps
 * the English placeholders and tags and uses Ukrainian plural forms. `npm run i18n:extract`
 * refreshes the catalogs after a change of wording; then translate what it added to uk.po.
 */
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

async function loadCatalog() {
  const config = getConfig({ cwd: root, configPath: `${root}/renderer/i18n/lingui.config.ts`, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('renderer/i18n/lingui.config.ts names no catalog');
  return catalog;
}

/** `{name}`, `{0}`, `{count, plural, …}` (by name) and `<0>`…`</0>` tags of a message. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([\w]+)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('i18n catalogs', () => {
  it('hold exactly the messages in the code, each translated into Ukrainian', { timeout: 120_000 }, async () => {
    const catalog = await loadCatalog();
    const inCode = await catalog.collect();
    expect(inCode, 'extraction found no messages').toBeTruthy();
    const en = await catalog.read('en');
    const uk = await catalog.read('uk');

    const codeIds = Object.keys(inCode ?? {}).sort();
    const live = (messages: typeof en) => Object.keys(messages).filter((id) => !messages[id]?.obsolete).sort();
    // A message added or reworded in the code but not extracted, or a stale one left in the catalog.
    expect(live(en), 'en.po is not current: run `npm run i18n:extract`').toEqual(codeIds);
    expect(live(uk), 'uk.po is not current: run `npm run i18n:extract`').toEqual(codeIds);

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
    expect(problems).toEqual([]);
  });
});
