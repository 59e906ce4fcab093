import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUserDataDir, userDataDirFromArgs } from './paths';

describe('default user-data folder', () => {
  it('follows each platform convention', () => {
    expect(defaultUserDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/WhiteBIT Desk');
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ann')).toBe('/xdg/WhiteBIT Desk');
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: 'relative/ignored' }, '/home/ann')).toBe('/home/ann/.config/WhiteBIT Desk');
    expect(defaultUserDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/WhiteBIT Desk');
    expect(defaultUserDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe(join('C:\\Users\\ann\\AppData\\Roaming', 'WhiteBIT Desk'));
  });

  it('reads --user-data-dir in both spellings', () => {
    expect(userDataDirFromArgs(['main.js', '--user-data-dir=/tmp/a'])).toBe('/tmp/a');
    expect(userDataDirFromArgs(['main.js', '--user-data-dir', '/tmp/b'])).toBe('/tmp/b');
    expect(userDataDirFromArgs(['main.js'])).toBeNull();
  });
});
