import { describe, expect, it } from 'vitest';
import { ApiKey, ApiSecret } from './accounts';

const messages = (schema: typeof ApiKey, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('key and secret fields', () => {
  it('say one thing per mistake: empty is required (not "must not contain spaces"), short looks too short, spaces are spaces', () => {
    expect(messages(ApiKey, '')).toEqual(['required']);
    expect(messages(ApiKey, '   ')).toEqual(['required']);
    expect(messages(ApiSecret, 'abc')).toEqual(['too_short']);
    expect(messages(ApiKey, 'abcd efgh ijkl')).toEqual(['has_spaces']);
    expect(messages(ApiSecret, '  0123456789abcdef  ')).toEqual([]);
  });
});
