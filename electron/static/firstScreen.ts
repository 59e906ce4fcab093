/**
 * The page served with its first screen already in it. The main process answers the
 * bootstrap itself (settings, accounts, the landing view's data: what the page would ask for first),
 * renders the landing view with the renderer's own components (renderer/prerender.tsx, built into
 * out/prerender) and writes both into index.html:
 *  - the markup into #root, marked inert: it paints with the page's styles before any script has
 *    run, and cannot be clicked or typed into until the app's first render replaces it;
 *  - the bootstrap as a JSON data block, which the page's startup script takes instead of asking.
 * Without a renderer (not built), or when the render fails, the page still carries the bootstrap;
 * when even that is missing it is served as built.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FIRST_SCREEN, type Bootstrap, type FirstScreenMarkup, type RenderFirstScreen } from '../../shared/model/startup';
import type { Logger } from '../services/logging/logger';
import { STATIC_SECURITY_HEADERS } from './csp';

/** Loads the built first-screen renderer; null when it is not there or does not load (the page then renders it). */
export async function loadFirstScreenRenderer(file: string, logger: Pick<Logger, 'warn'>): Promise<RenderFirstScreen | null> {
  if (!existsSync(file)) return null;
  try {
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { renderFirstScreen?: unknown };
    if (typeof module.renderFirstScreen === 'function') return module.renderFirstScreen as RenderFirstScreen;
    logger.warn('first-screen renderer has no renderFirstScreen', { file });
  } catch (error) {
    logger.warn('first-screen renderer did not load', { file, error });
  }
  return null;
}

/** Headers of the entry page with the first screen in it: it holds the account's balances, so it is never kept in a cache. */
export const FIRST_SCREEN_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...STATIC_SECURITY_HEADERS,
  'Cache-Control': 'no-store',
  'Content-Type': 'text/html; charset=utf-8',
});

const EMPTY_ROOT = '<div id="root"></div>';
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
/** More than a browser sends; a longer header is cut here. */
const MAX_LANGUAGES = 16;

/**
 * The languages of an Accept-Language header, most wanted first (by q, then by order); malformed
 * entries and q=0 are left out. The page reads the same list as navigator.languages.
 */
export function browserLanguages(header: string | string[] | undefined): string[] {
  if (typeof header !== 'string') return [];
  const entries: Array<{ tag: string; q: number; order: number }> = [];
  for (const [order, part] of header.split(',').slice(0, MAX_LANGUAGES).entries()) {
    const [rawTag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!LANGUAGE_TAG.test(rawTag)) continue;
    const qParameter = parameters.find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    entries.push({ tag: rawTag, q, order });
  }
  return entries.sort((a, b) => b.q - a.q || a.order - b.order).map((entry) => entry.tag);
}

/**
 * JSON to sit inside a `<script type="application/json">` block: every "<" escaped, so no "</script>"
 * or "<!--" inside a string the exchange sent (an asset's name) can end or change the block; the
 * page's JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScriptBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the bootstrap (and, when rendered, the first screen) written in; null when the page
 * is not the one these fit (no empty #root, no script to place the data before).
 * Replacements go through functions: a "$&" in the data must stay text, not a replacement pattern.
 */
export function pageWithFirstScreen(indexHtml: string, boot: Bootstrap, screen: FirstScreenMarkup | null): string | null {
  const firstScript = indexHtml.indexOf('<script');
  if (!indexHtml.includes(EMPTY_ROOT) || firstScript === -1) return null;
  // Before every script: the startup script runs the moment it arrives (async), and must find it.
  // With a first screen, the language it was written in: the page hydrates it in that language.
  const painted = screen ? ` ${FIRST_SCREEN.languageAttribute}="${escapeAttribute(screen.language)}"` : '';
  const data = `<script type="application/json" id="${FIRST_SCREEN.dataId}"${painted}>${jsonForScriptBlock(boot)}</script>\n    `;
  let page = indexHtml.slice(0, firstScript) + data + indexHtml.slice(firstScript);
  // The chosen theme from the first paint on (the app sets the same attribute when it starts), and
  // the first screen's language; otherwise <html> stays as built.
  const theme = boot.settings.settings.theme;
  const themeAttribute = theme === 'light' || theme === 'dark' ? ` data-theme="${theme}"` : '';
  page = page.replace(/<html lang="([^"]*)">/, (_tag, builtLanguage: string) => `<html lang="${escapeAttribute(screen?.language ?? builtLanguage)}"${themeAttribute}>`);
  if (screen) page = page.replace(EMPTY_ROOT, () => `<div id="root" ${FIRST_SCREEN.pendingAttribute} inert>${screen.html}</div>`);
  return page;
}

/**
 * The page for one request: answers the bootstrap, renders the first screen and writes both in.
 * Null when the bootstrap fails or the page does not fit: the caller serves the built file.
 */
export async function firstScreenPage(options: {
  indexHtml: string;
  bootstrap: () => Promise<Bootstrap | null>;
  render: RenderFirstScreen | null;
  acceptLanguage: string | string[] | undefined;
  logger: Pick<Logger, 'error'>;
}): Promise<string | null> {
  const boot = await options.bootstrap();
  if (!boot) return null;
  let screen: FirstScreenMarkup | null = null;
  try {
    screen = options.render?.(boot, browserLanguages(options.acceptLanguage)) ?? null;
  } catch (error) {
    // The page renders it itself, as it did before there was a first screen.
    options.logger.error('first screen render failed', { error });
  }
  return pageWithFirstScreen(options.indexHtml, boot, screen);
}
