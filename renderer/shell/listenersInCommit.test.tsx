/**
 * The shell's keyboard and address listeners are live in the very commit that paints it. With the
 * landing data seeded, the first commit already shows balance rows; a listener added by a passive
 * effect only arrives a task later, and a key pressed or a link followed in between was lost.
 *
 * The probe below sits after the hook in the tree, so its layout effect runs in the same commit,
 * after the hook's layout effects and before any passive effect.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import type { ShortcutAction } from '../../shared/navigation';
import { useUi } from '../state/ui';
import { decideFirstView, resetRouting, useHashNavigation } from './route';
import { useShortcuts } from './shortcuts';

afterEach(() => {
  cleanup();
  resetRouting();
  useUi.getState().setView('balances');
  window.history.replaceState(null, '', '#');
});

function InCommit({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

describe('listeners that must be there from the first commit', () => {
  it('a shortcut pressed in the commit that first shows the shell is heard', () => {
    const heard: ShortcutAction[] = [];
    function Shell() {
      useShortcuts((action) => {
        heard.push(action);
        return true;
      });
      return null;
    }
    const press = () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '2', code: 'Digit2', ctrlKey: true, bubbles: true, cancelable: true }));
    };
    render(
      <>
        <Shell />
        <InCommit run={press} />
      </>,
    );
    expect(heard).toEqual([{ kind: 'view', view: 'codes' }]);
  });

  it('an address followed in the commit that first shows the shell opens its view', () => {
    // As main.tsx does when the bootstrap brought the settings: the first view is decided before the first render.
    expect(decideFirstView('balances', true)).toBe(true);
    function Shell() {
      useHashNavigation('balances', true, () => undefined);
      return null;
    }
    const follow = () => {
      window.history.pushState(null, '', '#/positions');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    };
    render(
      <>
        <Shell />
        <InCommit run={follow} />
      </>,
    );
    expect(useUi.getState().view).toBe('positions');
  });

  it('an address followed after the first view was decided, before the shell committed, opens its view', () => {
    // The side navigation shows before the view is decided, so a click can land in that gap.
    expect(decideFirstView('balances', true)).toBe(true);
    window.history.pushState(null, '', '#/positions');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    function Shell() {
      useHashNavigation('balances', true, () => undefined);
      return null;
    }
    render(<Shell />);
    expect(useUi.getState().view).toBe('positions');
    expect(window.location.hash).toBe('#/positions');
  });
});
