import { plural, t } from '@lingui/core/macro';
import type { OverviewNote } from '../../../shared/model/balances';
import { errorTitle } from '../../components';

/** What an overview's note says, from its code and values (Balances and Positions show them). */
export function noteWords(note: OverviewNote): string {
  const subject = subjectOf(note);
  const why = note.error ? errorTitle(note.error) : t`the app could not read it`;
  switch (note.kind) {
    case 'region_unavailable':
      return t`${subject} is not available in this region.`;
    case 'prices_unavailable':
    case 'part_unavailable':
      if (note.part === undefined && note.accountName !== undefined) return t`${note.accountName} could not be reached: ${why}`;
      return t`${subject} could not be read: ${why}`;
    case 'quote_without_market':
      return t`The exchange has no market to value in ${note.quote ?? '?'}. Choose another currency.`;
    case 'price_missing':
      return t`No current price for ${(note.markets ?? []).join(', ')}: the distance to liquidation is unknown there.`;
    case 'unreadable':
      return unreadableWords(note);
  }
}

function unreadableWords(note: OverviewNote): string {
  const count = note.count ?? 0;
  const account = note.accountName ?? '';
  switch (note.part) {
    case 'positions':
      return plural(count, { one: '# position could not be read and is not shown.', other: '# positions could not be read and are not shown.' });
    case 'main':
      return plural(count, { one: `# main balance entry of ${account} could not be read and is left out.`, other: `# main balance entries of ${account} could not be read and are left out.` });
    case 'trade':
      return plural(count, { one: `# trade balance entry of ${account} could not be read and is left out.`, other: `# trade balance entries of ${account} could not be read and are left out.` });
    case 'collateral':
      return plural(count, { one: `# collateral balance entry of ${account} could not be read and is left out.`, other: `# collateral balance entries of ${account} could not be read and are left out.` });
    default:
      return plural(count, { one: '# market price could not be read; assets priced only through it show no price.', other: '# market prices could not be read; assets priced only through them show no price.' });
  }
}

function subjectOf(note: OverviewNote): string {
  const account = note.accountName ?? '';
  switch (note.part) {
    case 'main':
      return t`The main balance of ${account}`;
    case 'trade':
      return t`The trade balance of ${account}`;
    case 'collateral':
      return t`The collateral balance of ${account}`;
    case 'futures':
      return t`The futures list (index prices)`;
    case 'summary':
      return t`The collateral summary`;
    case 'positions':
      return t`The positions`;
    default:
      return t`Prices`;
  }
}
