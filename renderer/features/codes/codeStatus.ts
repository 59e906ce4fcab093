import type { BadgeTone } from '../../components/Badge';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeStatusGroup, type CodeStatusGroup } from '../../../shared/model/codes';

const GROUP_WORDS: Record<CodeStatusGroup, ReturnType<typeof msg>> = {
  unused: msg`Not applied yet`,
  applied: msg`Applied`,
};

/** A status in the person's language; one this app does not know exactly as the exchange sent it. */
export function codeStatusLabel(status: string): string {
  const group = codeStatusGroup(status);
  return group === 'other' ? status : i18n._(GROUP_WORDS[group]);
}

/** The words for a filter's status group. */
export function codeGroupLabel(group: CodeStatusGroup): string {
  return i18n._(GROUP_WORDS[group]);
}

/**
 * Tone for a code's status (shared/model/codes.ts groups the words the exchange sends): a code not
 * applied yet still holds value; an applied one is done. Anything else is shown as sent, in a
 * warning tone rather than guessed at.
 */
const TONES: Record<ReturnType<typeof codeStatusGroup>, BadgeTone> = {
  unused: 'positive',
  applied: 'neutral',
  other: 'warning',
};

export function codeStatusTone(status: string): BadgeTone {
  return TONES[codeStatusGroup(status)];
}

export function isKnownCodeStatus(status: string): boolean {
  return codeStatusGroup(status) !== 'other';
}
