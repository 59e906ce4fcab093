/**
 * The app's views and keyboard shortcuts as data, shared by the page (navigation, URL hash, the
 * shortcuts help sheet) and the main process (the Electron menu lists the same shortcuts). Adding
 * a view is one line here plus its component in renderer/shell/views.ts; its Ctrl/Cmd+digit
 * shortcut follows from its place in the list (1 to 9, then 0), unless it names its own key.
 */

export const VIEW_LIST = [
  { id: 'balances', label: 'Balances' },
  { id: 'codes', label: 'Codes' },
  { id: 'positions', label: 'Positions' },
  { id: 'flex', label: 'Flex plans' },
  { id: 'withdrawals', label: 'Withdraw' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'history', label: 'History' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'subaccounts', label: 'Sub-accounts' },
  // Ten digits for twelve views: Receive takes D (deposit), Settings the comma desktop apps use.
  { id: 'deposit', label: 'Receive', key: 'd' },
  { id: 'alerts', label: 'Alerts' },
  { id: 'settings', label: 'Settings', key: ',' },
] as const;

export type ViewId = (typeof VIEW_LIST)[number]['id'];
export const VIEW_IDS: readonly ViewId[] = VIEW_LIST.map((v) => v.id);

export function isViewId(value: unknown): value is ViewId {
  return typeof value === 'string' && (VIEW_IDS as readonly string[]).includes(value);
}

/** One key combination. `mod` is Ctrl on Windows and Linux, Cmd on macOS. */
export interface KeyCombo {
  /** `KeyboardEvent.key` of the key, e.g. "1", "r", "F5", "/", "?". */
  key: string;
  mod?: boolean;
}

export type ShortcutAction = { kind: 'view'; view: ViewId } | { kind: 'refresh' } | { kind: 'search' } | { kind: 'help' };

export interface Shortcut {
  action: ShortcutAction;
  /** Every combination that does it; the first is the one menus show. */
  keys: readonly KeyCombo[];
  description: string;
}

/** The digits views take by their place in the list, in that order. */
const VIEW_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/** Every view's Ctrl/Cmd combination: its own key, else the next free digit. */
function viewShortcuts(): Shortcut[] {
  let next = 0;
  return VIEW_LIST.map((view): Shortcut => {
    const key = 'key' in view ? view.key : VIEW_DIGITS[next++];
    if (key === undefined) throw new Error(`no shortcut key is left for ${view.label}`);
    return { action: { kind: 'view', view: view.id }, keys: [{ key, mod: true }], description: `Open ${view.label}` };
  });
}

export const SHORTCUTS: readonly Shortcut[] = [
  ...viewShortcuts(),
  { action: { kind: 'refresh' }, keys: [{ key: 'r', mod: true }, { key: 'F5' }], description: 'Refresh the open view' },
  { action: { kind: 'search' }, keys: [{ key: 'f', mod: true }, { key: '/' }], description: 'Search or filter the open view' },
  { action: { kind: 'help' }, keys: [{ key: '?' }, { key: 'F1' }], description: 'Show keyboard shortcuts' },
];

/** How a combination reads in the help sheet: "Ctrl+1" (or "⌘1" on macOS), "F5", "?". */
export function describeKeys(combo: KeyCombo, isMac: boolean): string {
  const key = combo.key.length === 1 ? combo.key.toUpperCase() : combo.key;
  if (!combo.mod) return combo.key.length === 1 ? combo.key : key;
  return isMac ? `\u2318${key}` : `Ctrl+${key}`;
}

/** The combination as an Electron accelerator ("CmdOrCtrl+1", "F5"). */
export function accelerator(combo: KeyCombo): string {
  const key = combo.key.length === 1 ? combo.key.toUpperCase() : combo.key;
  return combo.mod ? `CmdOrCtrl+${key}` : key;
}
