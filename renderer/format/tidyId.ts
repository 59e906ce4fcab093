/**
 * An exchange id this app has no words for, made readable without pretending to know its meaning:
 * `held_for_audit` → `Held for audit`, `NEW_BANK` → `New bank`. Mixed-case text is kept as sent.
 */
export function tidyId(id: string): string {
  const spaced = id.replace(/_+/g, ' ').trim();
  if (!spaced) return id;
  const body = spaced === spaced.toUpperCase() ? spaced.toLowerCase() : spaced;
  return body.charAt(0).toUpperCase() + body.slice(1);
}
