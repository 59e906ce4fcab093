/**
 * Which links may leave the app for the user's browser: https only, and only the exchange's own
 * sites (whitebit.com, whitebit.eu and their subdomains) and the block explorers of
 * shared/explorers.ts. Everything else - other hosts, http,
 * file:, javascript:, custom schemes that could launch local programs - stays closed.
 */
import { parseUrl } from '../../shared/api/baseUrl';
import { EXPLORER_HOSTS } from '../../shared/explorers';

const ALLOWED_DOMAINS = ['whitebit.com', 'whitebit.eu'] as const;

export function isAllowedExternalUrl(raw: string): boolean {
  const url = parseUrl(raw);
  if (url === null || url.protocol !== 'https:') return false;
  // user:pass@host tricks and explicit ports are never part of a legitimate link to the exchange.
  if (url.username !== '' || url.password !== '' || url.port !== '') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // Explorer links are built from fixed templates (shared/explorers.ts); their hosts exactly.
  if (EXPLORER_HOSTS.has(host)) return true;
  return ALLOWED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
