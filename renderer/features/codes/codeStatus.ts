import type { BadgeTone } from '../../components/Badge';

/**
 * Tone for the statuses the exchange is known to send (API.md: "Activated", "New", "active",
 * "applied"). The status is a free string, so anything else is shown verbatim in a neutral-warning
 * tone rather than guessed at.
 */
const KNOWN_STATUS_TONES: Record<string, BadgeTone> = {
  new: 'info',
  active: 'positive',
  activated: 'neutral',
  applied: 'neutral',
};

export function codeStatusTone(status: string): BadgeTone {
  return KNOWN_STATUS_TONES[status.toLowerCase()] ?? 'warning';
}

export function isKnownCodeStatus(status: string): boolean {
  return status.toLowerCase() in KNOWN_STATUS_TONES;
}
