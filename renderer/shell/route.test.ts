import { describe, expect, it } from 'vitest';
import { describeKeys, SHORTCUTS, VIEW_IDS } from '../../shared/navigation';
import { formatHash, parseHash } from './route';
import { matches } from './shortcuts';

describe('route', () => {
  it('reads a view and its parameters from the hash, and writes them back the same', () => {
    expect(parseHash('#/codes?list=history')).toEqual({ view: 'codes', params: { list: 'history' } });
    expect(formatHash({ view: 'codes', params: { list: 'history' } })).toBe('#/codes?list=history');
    expect(formatHash({ view: 'balances', params: { q: 'usd coin & more' } })).toBe('#/balances?q=usd+coin+%26+more');
    expect(parseHash(formatHash({ view: 'balances', params: { q: 'usd coin & more' } }))).toEqual({ view: 'balances', params: { q: 'usd coin & more' } });
    for (const view of VIEW_IDS) expect(parseHash(formatHash({ view, params: {} }))).toEqual({ view, params: {} });
  });

  it('is not fooled by the launch token, an unknown view or a bare hash', () => {
    for (const hash of ['', '#', '#token=abc', '#/', '#/nowhere', '#/constructor', '#/__proto__', '#balances']) expect(parseHash(hash)).toBeNull();
  });
});

describe('shortcuts', () => {
  const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, ...extra });

  it('gives every view a Ctrl/Cmd shortcut of its own: digits by place, D for Receive, the comma for Settings, which is last', () => {
    const views = SHORTCUTS.filter((s) => s.action.kind === 'view');
    expect(views.map((s) => (s.action.kind === 'view' ? s.action.view : null))).toEqual([...VIEW_IDS]);
    expect(views.every((s) => s.keys[0]!.mod === true)).toBe(true);
    expect(views.map((s) => s.keys[0]!.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'd', '0', ',']);
    expect(VIEW_IDS.at(-1)).toBe('settings');
    expect(VIEW_IDS.indexOf('subaccounts')).toBe(8);
  });

  it('matches Ctrl or Cmd with the key, the digit key on layouts that shift digits, never with Alt', () => {
    const one = { key: '1', mod: true };
    expect(matches(one, key('1', { ctrlKey: true }))).toBe(true);
    expect(matches(one, key('1', { metaKey: true }))).toBe(true);
    expect(matches(one, key('&', { ctrlKey: true, code: 'Digit1' }))).toBe(true);
    expect(matches(one, key('1'))).toBe(false);
    expect(matches(one, key('1', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(matches({ key: 'r', mod: true }, key('R', { ctrlKey: true }))).toBe(true);
    expect(matches({ key: 'F5' }, key('F5', { ctrlKey: true }))).toBe(false);
  });

  it('reads as Ctrl+… elsewhere and ⌘… on macOS', () => {
    expect(describeKeys({ key: 'r', mod: true }, false)).toBe('Ctrl+R');
    expect(describeKeys({ key: '2', mod: true }, true)).toBe('\u23182');
    expect(describeKeys({ key: '/' }, false)).toBe('/');
    expect(describeKeys({ key: 'F1' }, true)).toBe('F1');
  });
});
