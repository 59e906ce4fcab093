import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp';

const directives = (policy: string) => policy.split(';').map((d) => d.trim()).filter(Boolean);

describe('content security policy', () => {
  it('lets no form submit anywhere and no page frame the app', () => {
    expect(directives(CONTENT_SECURITY_POLICY)).toContain("form-action 'none'");
    expect(directives(CONTENT_SECURITY_POLICY)).toContain("frame-ancestors 'none'");
  });

  it('is the same in the renderer meta tag, minus frame-ancestors (a header-only directive)', () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    expect(directives(meta!)).toEqual(directives(CONTENT_SECURITY_POLICY).filter((d) => !d.startsWith('frame-ancestors')));
  });
});
