/** The extra sections a withdrawal may need (Travel Rule, fiat payout), from the shared rule, onto the form. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { isFiatAsset } from '../../../shared/api/fees';
import { isExtraFieldProblem } from '../../../shared/failures';
import { extraProblemPhrase } from './extraWords';
import { extrasRequired, type ExtrasRequired, type WithdrawExtrasInput } from '../../../shared/api/withdrawRequest';
import { type FieldErrors, type FieldName, type FormValues, VASP_NOT_LISTED } from './formValues';
import { type MarketData } from './formChoices';

const NOTHING_REQUIRED: ExtrasRequired = { travelRule: false, beneficiary: false, bankBic: false, customerIp: false };

/** Which extra sections the form shows: the shared rule (docs/exchange-api.md), for the chosen asset and provider. */
export function requiredExtras(values: FormValues, data: MarketData, account: { eea: boolean }): ExtrasRequired {
  const asset = values.ticker ? data.assets[values.ticker] : undefined;
  if (!asset) return NOTHING_REQUIRED;
  return extrasRequired({ ticker: values.ticker, fiat: isFiatAsset(asset), provider: values.provider || null, eea: account.eea });
}

const trimmed = (v: string) => v.trim();
const withOptional = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (value.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {});

/** The extras object exactly as the main process receives it: only what is required, nothing undefined. */
export function extrasFromForm(values: FormValues, required: ExtrasRequired): WithdrawExtrasInput {
  const extras: Record<string, unknown> = {};
  if (required.travelRule) {
    const address = { country: trimmed(values.addrCountry), city: trimmed(values.addrCity), addressLine1: trimmed(values.addrLine1), ...withOptional('postCode', values.addrPostCode) };
    const common = { residenceCountry: trimmed(values.residenceCountry), address };
    const beneficiary =
      values.beneficiaryType === 'individual'
        ? { type: 'individual', firstName: trimmed(values.trFirstName), lastName: trimmed(values.trLastName), ...common }
        : values.beneficiaryType === 'entity'
          ? { type: 'entity', fullName: trimmed(values.trFullName), ...common }
          : common;
    const vaspData = values.vaspId && values.vaspId !== VASP_NOT_LISTED ? { vaspId: values.vaspId } : values.vaspName.trim() ? { vaspName: values.vaspName.trim() } : undefined;
    extras.travelRule =
      values.walletType === 'hosted'
        ? { walletType: 'hosted', beneficiary, ...(vaspData ? { vaspData } : {}) }
        : values.walletType === 'unhosted'
          ? { walletType: 'unhosted', beneficiary }
          : { beneficiary };
  }
  if (required.beneficiary) extras.beneficiary = { firstName: trimmed(values.fiatFirstName), lastName: trimmed(values.fiatLastName) };
  if (required.bankBic) extras.bankBic = trimmed(values.bankBic);
  if (required.customerIp) extras.customerIp = trimmed(values.customerIp);
  return extras as WithdrawExtrasInput;
}

/** The shared schema's dotted paths onto the form's fields, with the label each message follows. */
const EXTRA_PATHS: Array<{ path: RegExp; field: FieldName; label: MessageDescriptor }> = [
  { path: /^travelRule\.walletType$|^travelRule$/, field: 'walletType', label: msg`Wallet type` },
  { path: /^travelRule\.vaspData/, field: 'vasp', label: msg`Receiving platform (VASP)` },
  { path: /^travelRule\.beneficiary\.type$|^travelRule\.beneficiary$/, field: 'beneficiaryType', label: msg`Beneficiary` },
  { path: /^travelRule\.beneficiary\.firstName$/, field: 'trFirstName', label: msg`First name` },
  { path: /^travelRule\.beneficiary\.lastName$/, field: 'trLastName', label: msg`Last name` },
  { path: /^travelRule\.beneficiary\.fullName$/, field: 'trFullName', label: msg`Full legal name` },
  { path: /^travelRule\.beneficiary\.residenceCountry$/, field: 'residenceCountry', label: msg`Country of residence` },
  { path: /^travelRule\.beneficiary\.address\.country$|^travelRule\.beneficiary\.address$/, field: 'addrCountry', label: msg`Country` },
  { path: /^travelRule\.beneficiary\.address\.city$/, field: 'addrCity', label: msg`City` },
  { path: /^travelRule\.beneficiary\.address\.addressLine1$/, field: 'addrLine1', label: msg`Street address` },
  { path: /^travelRule\.beneficiary\.address\.postCode$/, field: 'addrPostCode', label: msg`Post code` },
  { path: /^beneficiary\.firstName$|^beneficiary$/, field: 'fiatFirstName', label: msg`Beneficiary first name` },
  { path: /^beneficiary\.lastName$/, field: 'fiatLastName', label: msg`Beneficiary last name` },
  { path: /^bankBic$/, field: 'bankBic', label: msg`Bank BIC` },
  { path: /^customerIp$/, field: 'customerIp', label: msg`Your IP address` },
  { path: /^acceptUnknownFee$/, field: 'acceptUnknownFee', label: msg`Unknown fee` },
];

/** A field's problem in words: its label, then the phrase ("City is required."). */
export function extraFieldText(path: string, problem: string): string {
  const target = EXTRA_PATHS.find((p) => p.path.test(path));
  const label = target ? i18n._(target.label) : path;
  const phrase = extraProblemPhrase(problem);
  return t`${label} ${phrase}.`;
}

/** Field errors of the shared schema (or of the main process, which uses the same) onto the form. */
export function extraFieldErrors(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const target = EXTRA_PATHS.find((p) => p.path.test(path));
    const message = messages[0];
    if (!target || !message) continue;
    // Countries are picked from a list: whatever was wrong with the code, the remedy is to pick one.
    if (target.field === 'residenceCountry' || target.field === 'addrCountry') {
      const label = i18n._(target.label);
      errors[target.field] ??= t`${label}: choose the country from the list.`;
      continue;
    }
    // Our problem codes are worded here; the exchange's own sentences are kept as they are.
    errors[target.field] ??= isExtraFieldProblem(message) ? extraFieldText(path, message) : message;
  }
  return errors;
}
