/**
 * The open view and its main filter as an address in the URL hash (`#/codes?list=history`), so the
 * browser's back and forward buttons move between views and a reload stays where it was. The
 * zustand UI state stays the source of truth: the hash is written from it and read into it.
 *
 * A new view entry pushes a history entry; a filter change replaces the current one (typing a
 * search must not make Back step through every letter).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { create } from 'zustand';
// The zod-free list: the page's first chunk carries no schemas.
import { CODE_LISTS } from '../../shared/model/choices';
import { isViewId, VIEW_IDS, type ViewId } from '../../shared/navigation';
import { getBridge } from '../api/bridge';
import { useUi, type UiState } from '../state/ui';

export interface Route {
  view: ViewId;
  params: Record<string, string>;
}

/** How a view's main filter maps to hash parameters. Views without an entry carry none. */
interface ParamBinding {
  read(state: UiState): Record<string, string>;
  /** Puts the parameters (already from the hash, so untrusted) into the UI state; unknown values fall back to the default. */
  apply(params: Record<string, string>, state: UiState): void;
}

const SEARCH_MAX = 64;
/** How long after a filter change its address is written (see useHashNavigation). */
export const FILTER_WRITE_DELAY_MS = 150;

const PARAMS: Partial<Record<ViewId, ParamBinding>> = {
  codes: {
    read: (s): Record<string, string> => (s.codes.list === 'my' ? {} : { list: s.codes.list }),
    apply: (params, s) => {
      const list = CODE_LISTS.find((known) => known === params.list) ?? 'my';
      if (list !== s.codes.list) s.setCodes({ list, offset: 0 });
    },
  },
  balances: {
    read: (s): Record<string, string> => (s.balances.search ? { q: s.balances.search } : {}),
    apply: (params, s) => {
      const search = (params.q ?? '').slice(0, SEARCH_MAX);
      if (search !== s.balances.search) s.setBalances({ search });
    },
  },
};

/** `#/codes?list=history` → the route; anything else (an empty hash, the launch `#token=…`) → null. */
export function parseHash(hash: string): Route | null {
  if (!hash.startsWith('#/')) return null;
  const [path = '', query = ''] = hash.slice(2).split('?', 2);
  if (!isViewId(path)) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) params[key] = value;
  return { view: path, params };
}

export function formatHash(route: Route): string {
  const query = new URLSearchParams(route.params).toString();
  return `#/${route.view}${query ? `?${query}` : ''}`;
}

export function routeOf(state: UiState): Route {
  return { view: state.view, params: PARAMS[state.view]?.read(state) ?? {} };
}

export function applyRoute(route: Route): void {
  const state = useUi.getState();
  if (state.view !== route.view) state.setView(route.view);
  PARAMS[route.view]?.apply(route.params, useUi.getState());
}

/** The href of a view's navigation link: the view with the filter it had when last left. */
export function viewHref(view: ViewId, state: UiState): string {
  return formatHash({ view, params: PARAMS[view]?.read(state) ?? {} });
}

/** The view a page opens on without an address: the saved one, else the first. */
function savedView(lastView: string | undefined): ViewId {
  return isViewId(lastView) ? lastView : VIEW_IDS[0]!;
}

/** Whether the first view has been decided (once per page). */
const useRouted = create<{ routed: boolean }>()(() => ({ routed: false }));

/** Back to "not decided yet" (tests render the app many times in one page). */
export function resetRouting(): void {
  useRouted.setState({ routed: false });
}

/**
 * Decides the first view once, if it can: the hash's when the page was opened on an address, else
 * `lastView` once settings have settled. main.tsx calls it before the first render when the
 * bootstrap brought the settings, so the first paint is already the right view (deciding in an
 * effect cost a whole render and paint of an empty shell first, ~100 ms in bench:ui).
 */
export function decideFirstView(lastView: string | undefined, settingsSettled: boolean): boolean {
  if (useRouted.getState().routed) return true;
  // The bridge takes the launch token out of the hash first; the hash is ours only after that.
  getBridge();
  const fromHash = parseHash(window.location.hash);
  if (fromHash) applyRoute(fromHash);
  else if (settingsSettled) applyRoute({ view: savedView(lastView), params: {} });
  else return false;
  window.history.replaceState(window.history.state, '', formatHash(routeOf(useUi.getState())));
  useRouted.setState({ routed: true });
  return true;
}

/**
 * Keeps the hash and the UI state in step, and decides the first view: the hash's when the page
 * was opened on an address (a reload, a bookmark), else the one saved in settings (the last view
 * used, which survives a restart in both modes), else the first. Returns false until that is
 * decided, so the shell does not flash the first view before the saved one.
 *
 * `lastView` is undefined while settings load; `saveLastView` is told each view the person opens.
 */
export function useHashNavigation(lastView: string | undefined, settingsSettled: boolean, saveLastView: (view: ViewId) => void): boolean {
  const ready = useRouted((s) => s.routed);
  const save = useRef(saveLastView);
  useLayoutEffect(() => {
    save.current = saveLastView;
  });

  useEffect(() => {
    if (!ready) decideFirstView(lastView, settingsSettled);
  }, [ready, lastView, settingsSettled]);

  // In the commit, like the shortcuts (shortcuts.ts): a link followed the moment the shell shows
  // must find its hashchange listener already there.
  useLayoutEffect(() => {
    if (!ready) return;
    // A filter change (the same view) is written a moment after the last keystroke: replaceState
    // costs about 3 ms, which each keystroke would otherwise pay before its paint (bench:ui).
    let pendingReplace: ReturnType<typeof setTimeout> | undefined;
    const onHashChange = () => {
      // The address moved (Back, Forward, a typed hash): a filter write still waiting would undo that.
      clearTimeout(pendingReplace);
      pendingReplace = undefined;
      const route = parseHash(window.location.hash);
      if (route) applyRoute(route);
      else window.history.replaceState(window.history.state, '', formatHash(routeOf(useUi.getState())));
    };
    window.addEventListener('hashchange', onHashChange);
    window.addEventListener('popstate', onHashChange);
    // The links are on screen before the first view is decided: one followed between that decision
    // and this commit moved the address while nothing listened. Catch up with it now.
    if (window.location.hash !== formatHash(routeOf(useUi.getState()))) onHashChange();
    const writeHash = () => {
      pendingReplace = undefined;
      const state = useUi.getState();
      const hash = formatHash(routeOf(state));
      if (hash === window.location.hash) return;
      const current = parseHash(window.location.hash);
      if (current && current.view === state.view) window.history.replaceState(window.history.state, '', hash);
      else window.history.pushState(null, '', hash);
    };
    const unsubscribe = useUi.subscribe((state, previous) => {
      if (state.view !== previous.view) {
        save.current(state.view);
        clearTimeout(pendingReplace);
        writeHash();
      } else if (pendingReplace === undefined) {
        pendingReplace = setTimeout(writeHash, FILTER_WRITE_DELAY_MS);
      }
    });
    return () => {
      clearTimeout(pendingReplace);
      window.removeEventListener('hashchange', onHashChange);
      window.removeEventListener('popstate', onHashChange);
      unsubscribe();
    };
  }, [ready]);

  return ready;
}
