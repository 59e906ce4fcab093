/**
 * The sources whose messages are in the on-demand catalogs (renderer/i18n/lingui.config.ts): the
 * views other than Balances and the shortcuts help, each reached only through a dynamic import
 * (renderer/shell/views.ts, renderer/shell/lazyShell.ts). Everything else in renderer/ is in the
 * first-paint catalogs. `.ci/i18n-catalogs.test.ts` checks that no first-paint module imports one of
 * these statically: its messages would then render before their catalog has arrived.
 */
export const ON_DEMAND_SOURCES: readonly string[] = [
  'renderer/features/accounts',
  'renderer/features/codes',
  'renderer/features/flex',
  'renderer/features/history',
  'renderer/features/positions',
  'renderer/features/alerts',
  'renderer/features/settings',
  'renderer/features/transactions',
  'renderer/features/withdrawals',
  'renderer/shell/ShortcutsHelp.tsx',
];
