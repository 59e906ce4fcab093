/**
 * Every renderer test starts in English (the assertions are written in it), with the real compiled
 * catalogs, as the app does on an English OS: both of them, since tests render views directly, not
 * through the lazy loading that brings the views' catalog. Tests of another language activate it
 * themselves.
 */
import { i18n } from '@lingui/core';
import { messages as firstPaint } from '../i18n/locales/first/en.po';
import { messages as views } from '../i18n/locales/views/en.po';

i18n.loadAndActivate({ locale: 'en', messages: { ...firstPaint, ...views } });
