import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tidyId } from '../../format/tidyId';

/**
 * Readable names for the fiat provider ids the exchange lists (the id is what a withdrawal sends).
 * An id not here is shown tidied; the id itself stays available as the option's tooltip.
 */
const NAMES: Record<string, ReturnType<typeof msg>> = {
  SEPA: msg`SEPA bank transfer`,
  SEPA_BCB_GROUP: msg`SEPA bank transfer (BCB Group)`,
  SEPA_CLEAR_JUNCTION: msg`SEPA bank transfer (Clear Junction)`,
  BANKING_CIRCLE: msg`Bank transfer (Banking Circle)`,
  VISAMASTER: msg`Visa / Mastercard card`,
  FINCI: msg`Bank transfer (Finci)`,
  ZEN: msg`Bank transfer (ZEN)`,
};

export function providerName(id: string): string {
  const known = NAMES[id.trim().toUpperCase()];
  return known ? i18n._(known) : tidyId(id);
}
