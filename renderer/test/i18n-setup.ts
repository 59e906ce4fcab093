/**
 * Every renderer test starts in English (the assertions are written in it), with the real compiled
 * catalog, as the app does on an English OS. Tests of another language activate it themselves.
 */
import { i18n } from '@lingui/core';
import { messages } from '../i18n/locales/en.po';

i18n.loadAndActivate({ locale: 'en', messages });
