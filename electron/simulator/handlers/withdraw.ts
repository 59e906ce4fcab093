/**
 * withdraw-pay: the receiver gets exactly `amount`; the balance falls by amount + fee, where the fee
 * follows the documented model (../fees.ts).
 *
 * Order of checks:
 *   412 code 1      two-factor authentication off
 *   400 code 0      more than WITHDRAW_ATTEMPTS_PER_MINUTE attempts: {"message":"Too Many Attempts.","code":0}
 *                   (documented under 400)
 *   400 code 0      request shape: required fields, ticker, network, provider, memo (when the asset's
 *                   memo.withdraw is true), uniqueId taken, and the fiat provider's required fields
 *                   (customerIp, beneficiary, bankBic; ../fiatRequirements.ts)
 *   422 code 0      EEA account, crypto, no valid structured travelRule (../travelRule.ts; our wording)
 *   422 code 1      currency not withdrawable (switched off, or not through the API)
 *   422 code 2      address invalid
 *   422 code 9      the account's own deposit address
 *   422 code 8      the amount is zero at the asset's precision
 *   422 code 7      a fraction for a whole-unit asset
 *   400 code 0      more decimals than the asset has; above the maximum
 *   422 code 3      below the asset's minimum
 *   422 code 4      below the network's (crypto) or provider's (fiat) minimum
 *   422 code 6      amount not above the fee
 *   422 code 5      balance below amount + fee ("Not enough money, Ethereum balance = 1")
 * Success: the debit is booked once, the withdrawal enters history as pending, 201 `[]`.
 *
 * Special addresses (case-insensitive substring) decide how the withdrawal ends, so UI tests can
 * show every status in words:
 *   "invalid"      refused with code 2
 *   "cancel"       pending (1), then canceled (4); amount + fee are refunded
 *   "unconfirmed"  pending, then unconfirmed by user (5)
 *   "partial"      pending, then partially successful (18); half the amount is refunded
 *   "amlfreeze"    pending, then frozen for AML review (21)
 *   "stuck"        pending (1) forever
 *   anything else  pending, then successful (3)
 */
import { compare, dec, decimalPlaces, isZero, roundDown, toPlain } from '../../../shared/money/decimal';
import type { AssetSpec } from '../data/catalogue';
import { routeFor, withdrawalBounds, withdrawalFee } from '../fees';
import { fiatRequirementErrors } from '../fiatRequirements';
import { innerValidationFailed, privateError, validationFailed, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import { travelRuleErrors } from '../travelRule';
import type { HistoryEntry } from '../model';
import { Validator } from '../validation';
import { INVALID_TICKER } from './account';
import type { PrivateContext } from './context';

const WITHDRAW_MESSAGES = {
  twoFactor: 'This action is unauthorized. Please, enable Two-Factor authentication.',
  throttled: 'Too Many Attempts.',
  uniqueIdTaken: 'The unique id has already been taken.',
  providerRequired: 'Provider is required for fiat currency',
  memoRequired: 'The memo field is required.',
  networkInvalid: 'The selected network is invalid.',
  providerInvalid: 'The selected provider is invalid.',
  notWithdrawable: 'Currency is not withdrawable',
  addressInvalid: 'The address is invalid',
  ownAddress: 'Address is unavailable: it is a deposit address of this account',
  zeroAmount: 'Target withdraw amount without fee equals zero',
  integerAmount: 'Amount should be integer',
} as const;

interface Outcome {
  finalStatus: number | null;
  refund: 'none' | 'all' | 'half';
}

function settlementFor(address: string): Outcome {
  const a = address.toLowerCase();
  if (a.includes('cancel')) return { finalStatus: 4, refund: 'all' };
  if (a.includes('unconfirmed')) return { finalStatus: 5, refund: 'none' };
  if (a.includes('partial')) return { finalStatus: 18, refund: 'half' };
  if (a.includes('amlfreeze')) return { finalStatus: 21, refund: 'none' };
  if (a.includes('stuck')) return { finalStatus: null, refund: 'none' };
  return { finalStatus: 3, refund: 'none' };
}

const CRYPTO_ADDRESS = /^[A-Za-z0-9:_.-]{20,128}$/;
/** IBANs, card numbers and card tokens (base64, as in the documented "t6XIpyirkiLP+I++XHWfSeGrn5p38g=="). */
const FIAT_ADDRESS = /^[A-Za-z0-9 +/=_-]{8,128}$/;

function addressLooksValid(address: string, fiat: boolean): boolean {
  if (address.toLowerCase().includes('invalid')) return false;
  return (fiat ? FIAT_ADDRESS : CRYPTO_ADDRESS).test(address);
}

export function withdrawPay(ctx: PrivateContext): Reply {
  const { account, state, body, nowMs } = ctx;
  if (!account.twoFactor) return privateError(412, 1, WITHDRAW_MESSAGES.twoFactor);
  if (ctx.rateLimits && !account.withdrawAttempts.hit(nowMs).ok) {
    // Documented under HTTP 400, without `errors`.
    return { status: 400, body: { message: WITHDRAW_MESSAGES.throttled, code: 0 } };
  }
  account.settle(nowMs);

  // ----- request shape (400) -----
  const v = new Validator(body);
  const ticker = v.string('ticker', { required: true, max: 32 });
  const spec: AssetSpec | undefined = ticker === undefined ? undefined : state.catalogue.specs.get(ticker);
  // Seed 4.5: the currency must be depositable to be named here at all.
  if (ticker !== undefined && (!spec || spec.canDeposit === false)) v.add('ticker', INVALID_TICKER);
  const amount = v.amount('amount', { required: true });
  const address = v.string('address', { required: true, max: 255 });
  // The seed names it unique_id, the exchange uniqueId: accept both, report under the name used.
  const idField = v.present('uniqueId') || !v.present('unique_id') ? 'uniqueId' : 'unique_id';
  const uniqueId = v.string(idField, { required: true, max: 255 });
  if (uniqueId !== undefined && account.hasWithdrawalId(uniqueId)) v.add(idField, WITHDRAW_MESSAGES.uniqueIdTaken);
  if (idField === 'uniqueId' && v.present('unique_id') && body.unique_id !== body.uniqueId) {
    v.add('unique_id', 'The unique id and unique_id fields must match.');
  }
  const memo = v.string('memo', { max: 256 });
  const network = v.string('network', { max: 64 });
  const provider = v.string('provider', { max: 64 });
  if (spec && spec.canDeposit !== false) {
    if ((spec.memoWithdraw ?? spec.memo) && memo === undefined && !v.has('memo')) v.add('memo', WITHDRAW_MESSAGES.memoRequired);
    if (network !== undefined && !(spec.networks ?? []).includes(network)) v.add('network', WITHDRAW_MESSAGES.networkInvalid);
    if (spec.fiat) {
      const chosen = spec.providers?.find((p) => p.name === provider);
      if (provider === undefined && !v.has('provider')) v.add('provider', WITHDRAW_MESSAGES.providerRequired);
      else if (provider !== undefined && !chosen) v.add('provider', WITHDRAW_MESSAGES.providerInvalid);
      if (chosen) for (const [field, messages] of Object.entries(fiatRequirementErrors(chosen.requires, body))) v.add(field, messages[0] as string);
    }
  }
  if (v.failed || !spec || ticker === undefined || amount === undefined || address === undefined || uniqueId === undefined) {
    return validationFailed(v.errors);
  }

  // ----- Travel Rule (EEA accounts, crypto only) -----
  if (account.eea && !spec.fiat) {
    const errors = travelRuleErrors(body.travelRule);
    if (Object.keys(errors).length > 0) return innerValidationFailed(0, errors);
  }

  // ----- business rules (422) -----
  const effectiveNetwork = spec.fiat ? null : (network ?? spec.networks?.[0] ?? null);
  const multiNetwork = (spec.networks?.length ?? 0) > 1;
  const route = routeFor(spec, effectiveNetwork, provider ?? null);
  if (!route || spec.canWithdraw === false || spec.apiWithdrawal === false) {
    return innerValidationFailed(1, { ticker: [WITHDRAW_MESSAGES.notWithdrawable] });
  }
  if (!addressLooksValid(address, spec.fiat === true)) return innerValidationFailed(2, { address: [WITHDRAW_MESSAGES.addressInvalid] });
  if (account.isOwnDepositAddress(address, memo)) return innerValidationFailed(9, { address: [WITHDRAW_MESSAGES.ownAddress] });

  const precision = spec.precision;
  const receiverGets = toPlain(dec(amount));
  if (isZero(roundDown(receiverGets, precision))) return innerValidationFailed(8, { amount: [WITHDRAW_MESSAGES.zeroAmount] });
  if (precision === 0 && decimalPlaces(receiverGets) > 0) return innerValidationFailed(7, { amount: [WITHDRAW_MESSAGES.integerAmount] });
  if (decimalPlaces(receiverGets) > precision) {
    return validationFailed({ amount: [`The amount must have no more than ${precision} decimal places.`] });
  }
  const bounds = withdrawalBounds(spec, route, effectiveNetwork);
  if (bounds.max !== null && compare(receiverGets, bounds.max) > 0) {
    return validationFailed({ amount: [`The amount may not be greater than ${bounds.max}.`] });
  }
  if (compare(receiverGets, bounds.generalMin) < 0) {
    return innerValidationFailed(3, { amount: [`Amount is too small. Minimum withdrawal amount is ${bounds.generalMin} ${ticker}`] });
  }
  if (compare(receiverGets, bounds.specificMin) < 0) {
    return innerValidationFailed(4, { amount: [`Amount is too small for the payment system. Minimum amount is ${bounds.specificMin} ${ticker}`] });
  }
  const fee = withdrawalFee(route.fee, receiverGets, precision);
  if (compare(receiverGets, fee) <= 0) {
    return innerValidationFailed(6, { amount: [`Amount must be greater than the fee of ${fee} ${ticker}`] });
  }
  const balance = account.balanceOf(ticker);
  if (compare(dec(receiverGets).plus(dec(fee)).toFixed(), balance) > 0) {
    return innerValidationFailed(5, { amount: [`Not enough money, ${spec.name} balance = ${balance}`] });
  }

  // ----- commit: exactly one debit per uniqueId -----
  account.debit({ kind: 'withdrawal', uniqueId, ticker, amount: receiverGets, fee, ...(body.travelRule !== undefined ? { travelRule: body.travelRule } : {}) }, nowMs);
  const outcome = settlementFor(address);
  const entryRecord: HistoryEntry = {
    method: 2,
    uniqueId,
    transactionId: state.nextTransactionUuid(),
    address,
    ticker,
    currency: spec.name,
    amount: receiverGets,
    fee,
    memo: memo ?? '',
    network: multiNetwork ? effectiveNetwork : null,
    description: '',
    createdAt: Math.floor(nowMs / 1000),
    status: 1,
    transactionHash: null,
    confirmations: spec.fiat ? null : { actual: 0, required: confirmationsFor(state, ticker, effectiveNetwork) },
  };
  let refund = '0';
  if (outcome.refund === 'all') refund = dec(receiverGets).plus(dec(fee)).toFixed();
  if (outcome.refund === 'half') {
    // Part of the amount goes out, with the fee of that part; the rest of the debit comes back.
    const processedAmount = roundDown(dec(receiverGets).dividedBy(2), precision);
    const processedFee = withdrawalFee(route.fee, processedAmount, precision);
    entryRecord.details = { partial: { requestAmount: receiverGets, processedAmount, processedFee, normalizeTransaction: '' } };
    refund = dec(receiverGets).plus(dec(fee)).minus(dec(processedAmount)).minus(dec(processedFee)).toFixed();
  }
  account.addHistory(entryRecord);
  if (outcome.finalStatus !== null) {
    account.schedule({ entry: entryRecord, dueAtMs: nowMs + state.withdrawalSettleMs, finalStatus: outcome.finalStatus, refund });
  }
  return { status: SUCCESS_STATUS.created, body: [] };
}

function confirmationsFor(state: PrivateContext['state'], ticker: string, network: string | null): number {
  const confirmations = state.catalogue.assets[ticker]?.confirmations;
  return (network ? confirmations?.[network] : undefined) ?? 12;
}
