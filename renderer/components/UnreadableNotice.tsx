import { t } from '@lingui/core/macro';
import type { UnreadableItem } from '../../shared/api/tolerant';
import { DismissableNotice } from './DismissableNotice';

/** How many unreadable elements are named; the rest are counted. */
const MAX_NAMED = 3;

/** Names n of the elements with the count, in the language's plural form: "3 plans". */
export type UnreadableNoun = (count: number) => string;

/**
 * "1 position could not be read: positionId 7: amount: must be a decimal string". Shown beside the
 * rows that could be read, so one odd element from the exchange is visible, never a blank list.
 * The wording is ours; the reasons come from the schema check of the exchange's data.
 */
export function unreadableText(items: readonly UnreadableItem[], noun: UnreadableNoun, maxNamed = MAX_NAMED): string {
  const count = items.length;
  const named = items.slice(0, maxNamed).map((item) => `${item.where}: ${item.reason}`);
  const rest = count - named.length;
  const names = named.join('; ');
  const list = rest > 0 ? t`${names}; and ${rest} more` : names;
  const what = noun(count);
  return t`${what} could not be read: ${list}`;
}

export function UnreadableNotice({ items, noun }: { items: readonly UnreadableItem[] | undefined; noun: UnreadableNoun }) {
  if (!items || items.length === 0) return null;
  const text = unreadableText(items, noun);
  // The text names what could not be read, so a dismissed notice comes back only for other items.
  return (
    <DismissableNotice cause={text} className="unreadable-notice" testId="unreadable-notice">
      {text}
    </DismissableNotice>
  );
}
