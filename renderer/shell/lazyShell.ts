/**
 * Parts of the shell that are not in the first paint, each a chunk of its own (issue 14: the first
 * chunk carries only what the landing view needs). They mount with the shell, inside a Suspense
 * without a fallback, so their chunks are asked for right after the first render.
 */
import { lazy } from 'react';

export const AlertToasts = lazy(() => import('../features/alerts/AlertToasts').then((m) => ({ default: m.AlertToasts })));
export const BackgroundToasts = lazy(() => import('./BackgroundToasts').then((m) => ({ default: m.BackgroundToasts })));
export const ShortcutsHelp = lazy(() => import('./ShortcutsHelp').then((m) => ({ default: m.ShortcutsHelp })));
