/**
 * Parts of the shell that are not in the first paint, each a chunk of its own (the first
 * chunk carries only what the landing view needs). The shell mounts them once it has painted.
 * (The toasts are not here: they must listen for events from the first render on.)
 */
import type { ComponentProps } from 'react';
import { retryableLazy } from './retryableLazy';
import { withViewMessages } from '../i18n';
import type * as ShortcutsHelpModule from './ShortcutsHelp';

export const ShortcutsHelp = retryableLazy<ComponentProps<typeof ShortcutsHelpModule.ShortcutsHelp>>(() => withViewMessages(import('./ShortcutsHelp')).then((m) => ({ default: m.ShortcutsHelp })));
