/** "balances-main-b2b-2026-01-31-1405.csv": safe on every file system, sortable by time. */
export function csvFilename(what: string, accountName: string, now = new Date()): string {
  const slug = accountName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'account';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `${what}-${slug}-${stamp}.csv`;
}
