import type { BadgeTone } from '../../components/Badge';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tidyId } from '../../format/tidyId';
import { codeStatusGroup, type CodeStatusGroup } from '../../../shared/model/codes';

const GROUP_WORDS: Record<CodeStatusGroup, ReturnType<typeof msg>> = {
  unused: msg`Not applied yet`,
  applied: msg`Applied`,
};

/** Statuses outside the two groups that the exchange is seen to send, in words. */
const OTHER_WORDS: Record<string, ReturnType<typeof msg>> = {
  on_hold_review: msg`On hold for review`,
};

/**
 * A status in the person's language. One this app has no words for is shown tidied (underscores as
 * spaces, first letter capital); the word as sent stays in the tooltip.
 */
export function codeStatusLabel(status: string): string {
  const group = codeStatusGroup(status);
  if (group !== 'other') return i18n._(GROUP_WORDS[group]);
  const known = OTHER_WORDS[status.trim().toLowerCase()];
  return known ? i18n._(known) : tidyId(status);
}

/** What a known status means, for its tooltip: in words, never the exchange's own spelling. */
const MEANINGS: Record<string, ReturnType<typeof msg>> = {
  unused: msg`Not applied yet: the code still holds its amount`,
  applied: msg`Applied: the amount has been credited`,
  on_hold_review: msg`The exchange holds this code while it reviews it`,
};

export function codeStatusMeaning(status: string): string {
  const group = codeStatusGroup(status);
  const meaning = MEANINGS[group === 'other' ? status.trim().toLowerCase() : group];
  return meaning ? i18n._(meaning) : tidyId(status);
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
  return codeStatusGroup(status) !== 'other' || status.trim().toLowerCase() in OTHER_WORDS;
}
