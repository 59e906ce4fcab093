import type { BadgeTone } from '../../components/Badge';
import { codeStatusGroup } from '../../../shared/model/codes';

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
