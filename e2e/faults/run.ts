/**
 * The fault harness's driver: withdrawals sent through the real app process (browser mode) to the
 * simulator through the fault proxy, each send hit by one fault, some by `kill -9` of the app in
 * the middle of the send. Afterwards the person behind the app behaves as the app lets them, never
 * more: they re-open it after a crash, look at the outcome, "Check again" an open one, "Send again
 * (same id)" one the app says is absent. Nothing is retried by the harness on its own.
 *
 * The simulator's ledger is the oracle: each intent (one payment the person meant to make) debited
 * at most once, each debit with exactly one record that equals it in amount, fee and total.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { BTC_BECH32, EVM, tronAddress } from '../../shared/addresses/test/sampleAddresses';
import type { WithdrawalRecord } from '../../shared/model/withdrawals';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { Random } from '../../electron/simulator/random';
import { AppRefusal, startDesk, type DeskProcess } from './app';
import { BODY_FORMATS, startFaultProxy, type Fault, type FeeEntry } from './proxy';

/** A lag far longer than a send's own lookup: history stays behind for the whole send, as for minutes on the exchange. */
const HISTORY_LAG_MS = 5 * 60_000;
export const MAX_SENDS = 150;

/**
 * What happens to one send. `kill`: the app is killed with SIGKILL while the request is held in
 * the proxy (hang) or at a random moment of the send (race). `twin`: the same form was prepared in
 * two tabs, and the person sends the second draft while the first one's outcome is open.
 * `cheaperPreview`: the fee changed between the preview and Send; if the app refuses the old draft,
 * the person discards it and makes the withdrawal again at the new fee. `spelling`: the second tab's
 * draft writes the same address in another case (EVM hex, bech32). `lostAccount`: before the second
 * draft the person tries to remove the account, then loses settings.json and adds the key again.
 * `doubleSubmit`: one draft sent from two windows at once.
 */
interface Scenario {
  fault: (rng: Random) => Fault | null;
  lag?: boolean;
  kill?: 'during_hang' | 'race';
  twin?: boolean;
  /** The fee table showed 0.2 instead of 1 while the draft was made (a promotion that ended before Send). */
  cheaperPreview?: boolean;
  spelling?: 'evm_case' | 'bech32_case';
  lostAccount?: boolean;
  doubleSubmit?: boolean;
}

const status5xx = (commit: boolean) => (rng: Random): Fault => ({ kind: 'status', commit, status: rng.pick([500, 502, 503, 504]), format: rng.pick(BODY_FORMATS) });

export const SCENARIOS = {
  reset_before_commit: { fault: () => ({ kind: 'reset', commit: false }) },
  reset_after_commit: { fault: () => ({ kind: 'reset', commit: true }) },
  reset_after_commit_lagging: { fault: () => ({ kind: 'reset', commit: true }), lag: true },
  '5xx_before_commit': { fault: status5xx(false) },
  '5xx_after_commit': { fault: status5xx(true) },
  '5xx_after_commit_lagging': { fault: status5xx(true), lag: true },
  /** The client waits out its own timeout (15 s): kept rare in a random mix. */
  hang_after_commit: { fault: () => ({ kind: 'hang', commit: true }) },
  kill9_hang_never_delivered: { fault: () => ({ kind: 'hang', commit: false }), kill: 'during_hang' },
  kill9_hang_delivered_later: { fault: () => ({ kind: 'hang', commit: false, commitWhenAbandoned: true }), kill: 'during_hang' },
  kill9_hang_after_commit: { fault: () => ({ kind: 'hang', commit: true }), kill: 'during_hang' },
  kill9_hang_after_commit_lagging: { fault: () => ({ kind: 'hang', commit: true }), kill: 'during_hang', lag: true },
  kill9_race: { fault: () => null, kill: 'race' },
  twin_draft_lagging: { fault: () => ({ kind: 'reset', commit: true }), lag: true, twin: true },
  /** No fault at all: the first draft is paid, then the second tab's copy is sent. */
  twin_draft_after_sent: { fault: () => null, twin: true },
  twin_spelling_evm_lagging: { fault: () => ({ kind: 'reset', commit: true }), lag: true, twin: true, spelling: 'evm_case' },
  twin_spelling_bech32_lagging: { fault: () => ({ kind: 'reset', commit: true }), lag: true, twin: true, spelling: 'bech32_case' },
  account_removed_and_added_again: { fault: () => ({ kind: 'reset', commit: true }), lag: true, twin: true, lostAccount: true },
  same_draft_two_windows: { fault: () => null, doubleSubmit: true },
  fee_rose_after_preview: { fault: () => null, cheaperPreview: true },
} satisfies Record<string, Scenario>;
export type ScenarioName = keyof typeof SCENARIOS;

/** The random mix's weights: hangs without a kill cost the client's whole timeout, so they are few. */
const WEIGHTS: Record<ScenarioName, number> = {
  reset_before_commit: 8,
  reset_after_commit: 8,
  reset_after_commit_lagging: 8,
  '5xx_before_commit': 8,
  '5xx_after_commit': 8,
  '5xx_after_commit_lagging': 6,
  hang_after_commit: 1,
  kill9_hang_never_delivered: 5,
  kill9_hang_delivered_later: 5,
  kill9_hang_after_commit: 5,
  kill9_hang_after_commit_lagging: 4,
  kill9_race: 6,
  twin_draft_lagging: 4,
  twin_draft_after_sent: 3,
  twin_spelling_evm_lagging: 3,
  twin_spelling_bech32_lagging: 3,
  // Each stops and starts the app: kept rare.
  account_removed_and_added_again: 2,
  same_draft_two_windows: 3,
  fee_rose_after_preview: 4,
};

export interface FaultRunOptions {
  /** Random mix of this many sends, or `scenarios` in order. */
  sends?: number;
  scenarios?: ScenarioName[];
  seed?: number;
  log?: (line: string) => void;
}

export interface FaultRunReport {
  seed: number;
  sends: number;
  byScenario: Record<string, number>;
  kills: number;
  debits: number;
  doublePayments: number;
  lostRecords: number;
  mismatches: number;
  /** Sends the person could not bring to "sent" or "rejected" by doing what the app offers. */
  unsettled: number;
  discrepancies: string[];
}

interface Intent {
  scenario: ScenarioName;
  ticker: string;
  network: string;
  address: string;
  amount: string;
  /** The draft the person sends and settles. */
  draftId: string;
  /** The second tab's draft of the same form, if any: sent once by the person, never settled. */
  twinId: string | null;
  /** The same withdrawal made again after the app refused to send the draft as confirmed. */
  redoId: string | null;
}

export async function runFaultedSends(options: FaultRunOptions): Promise<FaultRunReport> {
  const seed = options.seed ?? Date.now() % 1_000_000;
  const rng = new Random(seed);
  const plan = options.scenarios ?? Array.from({ length: options.sends ?? 100 }, () => weightedPick(rng));
  const log = options.log ?? (() => undefined);
  // The app keeps the newest 200 finished records; more sends (with their twins and redos) would
  // prune the oldest, and the oracle would count them as lost.
  if (plan.length > MAX_SENDS) throw new Error(`at most ${MAX_SENDS} sends per run`);
  const sim = await startSimulator({ port: 0, rateLimits: false, withdrawalSettleMs: 5_000, priceTickMs: 0 });
  const proxy = await startFaultProxy(sim.url);
  const userDataDir = await mkdtemp(join(tmpdir(), 'desk-faults-'));
  const account = sim.accounts.find((a) => a.name === 'Main (B2B)')!;
  await admin(sim, 'balances', { apiKey: account.apiKey, ticker: 'USDT', amount: '1000000' });
  await admin(sim, 'balances', { apiKey: account.apiKey, ticker: 'BTC', amount: '1000000' });
  let app: DeskProcess = await startDesk(userDataDir);
  const report: FaultRunReport = { seed, sends: 0, byScenario: {}, kills: 0, debits: 0, doublePayments: 0, lostRecords: 0, mismatches: 0, unsettled: 0, discrepancies: [] };
  const intents: Intent[] = [];

  const restart = async () => {
    await app.kill9();
    report.kills++;
    app = await startDesk(userDataDir);
  };

  try {
    const addAccount = async () => (await app.invoke('accounts.add', { name: 'Faults', region: 'custom', baseUrl: proxy.url, apiKey: account.apiKey, apiSecret: account.apiSecret })).account.id;
    let accountId = await addAccount();

    for (const [index, name] of plan.entries()) {
      const scenario: Scenario = SCENARIOS[name];
      report.byScenario[name] = (report.byScenario[name] ?? 0) + 1;
      report.sends++;
      const { ticker, network, address, twinAddress } = destinationFor(scenario, rng);
      const amount = `${index + 2}.${String(rng.int(0, 999_999)).padStart(6, '0')}`;
      const form = { accountId, ticker, network, address, amount };
      if (scenario.cheaperPreview) proxy.editFees(cheaperTronUsdt);
      const draft = await app.invoke('withdrawals.prepare', form);
      proxy.editFees(null);
      // The second tab's draft of the same form, made before the first is sent (after, for a lost account).
      let twin = scenario.twin && !scenario.lostAccount ? await app.invoke('withdrawals.prepare', { ...form, address: twinAddress }) : null;
      const intent: Intent = { scenario: name, ticker: form.ticker, network, address, amount, draftId: draft.uniqueId, twinId: twin?.uniqueId ?? null, redoId: null };
      intents.push(intent);

      proxy.lagHistory(scenario.lag ? HISTORY_LAG_MS : 0);
      const fault = scenario.fault(rng);
      if (fault) proxy.arm(fault);
      const sending = app.invoke('withdrawals.send', { uniqueId: draft.uniqueId, acceptNewDestination: true }).catch(() => undefined);
      const secondWindow = scenario.doubleSubmit ? attempt(() => app.invoke('withdrawals.send', { uniqueId: draft.uniqueId, acceptNewDestination: true })) : null;
      if (scenario.kill === 'during_hang') {
        await proxy.hit();
        await restart();
      } else if (scenario.kill === 'race') {
        await sleep(rng.int(0, 40));
        await restart();
      }
      await sending;
      await secondWindow;
      if (scenario.lostAccount) {
        // Refused while the payment is open; refused or not, the settings file is lost next and the key added again.
        await attempt(() => app.invoke('accounts.remove', { accountId }));
        await app.stop();
        await rm(join(userDataDir, 'settings.json'), { force: true });
        app = await startDesk(userDataDir);
        accountId = await addAccount();
        twin = await app.invoke('withdrawals.prepare', { ...form, accountId }).catch((error: unknown) => {
          if (error instanceof AppRefusal) return null;
          throw error;
        });
        intent.twinId = twin?.uniqueId ?? null;
      }
      const twinId = twin?.uniqueId;
      if (twinId) await attempt(() => app.invoke('withdrawals.send', { uniqueId: twinId, acceptNewDestination: true }));
      await settle(app, draft.uniqueId);
      if ((await recordOf(app, draft.uniqueId))?.state === 'prepared' && scenario.cheaperPreview) {
        // The app would not send it as confirmed: the person gives that draft up and confirms the new figures.
        await attempt(() => app.invoke('withdrawals.discard', { uniqueId: draft.uniqueId }));
        intent.redoId = (await app.invoke('withdrawals.prepare', form)).uniqueId;
        await attempt(() => app.invoke('withdrawals.send', { uniqueId: intent.redoId!, acceptNewDestination: true }));
        await settle(app, intent.redoId);
      }
      if (twinId) await attempt(() => app.invoke('withdrawals.discard', { uniqueId: twinId }));
      log(`${index + 1}/${plan.length} ${name}: ${(await recordOf(app, intent.redoId ?? draft.uniqueId))?.state ?? 'no record'}`);
    }

    // The end of the day: history caught up, the app closed and opened again, every send looked at once more.
    proxy.lagHistory(0);
    await app.stop();
    app = await startDesk(userDataDir);
    for (const intent of intents) await settle(app, intent.redoId ?? intent.draftId);
    judge(report, intents, await app.invoke('withdrawals.list', {}), await ledgerDebits(sim, account.apiKey));
  } finally {
    await app.kill9();
    await proxy.close();
    await sim.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
  return report;
}

/**
 * What a person does with one withdrawal until the app shows it settled: "Check again" while its
 * outcome is open, "Send again (same id)" when the app says the exchange does not have it, Send on
 * a draft the crash left unsent. Never a new withdrawal.
 */
async function settle(app: DeskProcess, uniqueId: string): Promise<void> {
  for (let step = 0; step < 12; step++) {
    const record = await recordOf(app, uniqueId);
    if (!record || record.state === 'sent' || record.state === 'rejected') return;
    if (record.state === 'sending') await sleep(250);
    else if (record.state === 'unknown') await attempt(() => app.invoke('withdrawals.reconcile', { uniqueId }));
    // A draft the app refuses to send stays unsent; insisting would not change that.
    else if ((await attempt(() => app.invoke('withdrawals.send', { uniqueId, acceptNewDestination: true }))) && record.state === 'prepared') return;
  }
}

function judge(report: FaultRunReport, intents: Intent[], records: WithdrawalRecord[], debits: LedgerDebit[]): void {
  const byId = new Map(records.map((r) => [r.uniqueId, r]));
  const idsOf = (intent: Intent) => [intent.draftId, intent.twinId, intent.redoId].filter((id): id is string => id !== null);
  const intentOf = new Map(intents.flatMap((intent) => idsOf(intent).map((id) => [id, intent] as const)));
  const say = (kind: 'double' | 'lost' | 'mismatch', text: string) => {
    report.discrepancies.push(`${kind}: ${text}`);
    if (kind === 'double') report.doublePayments++;
    else if (kind === 'lost') report.lostRecords++;
    else report.mismatches++;
  };
  report.debits = debits.length;
  const debitsPerIntent = new Map<Intent, LedgerDebit[]>();
  for (const debit of debits) {
    const intent = intentOf.get(debit.uniqueId);
    if (!intent) {
      say('double', `debit ${debit.uniqueId} (${debit.total} ${debit.ticker}) under an id the harness never prepared`);
      continue;
    }
    debitsPerIntent.set(intent, [...(debitsPerIntent.get(intent) ?? []), debit]);
    const record = byId.get(debit.uniqueId);
    if (!record) {
      say('lost', `debit ${debit.uniqueId} (${intent.scenario}, ${debit.total} ${debit.ticker}) has no record in the app`);
    } else if (record.state !== 'sent') {
      say('lost', `debit ${debit.uniqueId} (${intent.scenario}) is "${record.state}" in the app, not sent`);
    }
    if (record && !(same(record.amount, debit.amount) && same(record.fee, debit.fee) && same(record.totalDebit, debit.total))) {
      say('mismatch', `${debit.uniqueId} (${intent.scenario}): debited ${debit.amount} + ${debit.fee} = ${debit.total}, recorded ${record.amount} + ${record.fee} = ${record.totalDebit}`);
    }
  }
  for (const [intent, paid] of debitsPerIntent) {
    if (paid.length > 1) say('double', `${intent.scenario}: ${intent.amount} ${intent.ticker} to ${intent.address} debited ${paid.length} times (${paid.map((d) => d.uniqueId).join(', ')})`);
  }
  const debited = new Set(debits.map((d) => d.uniqueId));
  for (const intent of intents) {
    for (const id of idsOf(intent)) {
      const record = byId.get(id);
      if (record?.state === 'sent' && !debited.has(id)) say('lost', `${id} (${intent.scenario}) is "sent" in the app but the exchange never debited it`);
    }
    const finalId = intent.redoId ?? intent.draftId;
    const final = byId.get(finalId);
    if (final?.state === 'sent' || final?.state === 'rejected') continue;
    report.unsettled++;
    report.discrepancies.push(`open: ${finalId} (${intent.scenario}) is ${final ? `still "${final.state}"` : 'gone'} at the end`);
  }
}

/** Where a send goes; `twinAddress` is the same destination as the second tab writes it. */
function destinationFor(scenario: Scenario, rng: Random): { ticker: string; network: string; address: string; twinAddress: string } {
  if (scenario.spelling === 'bech32_case') return { ticker: 'BTC', network: 'BTC', address: BTC_BECH32, twinAddress: BTC_BECH32.toUpperCase() };
  if (scenario.spelling === 'evm_case') return { ticker: 'USDT', network: 'BEP20', address: EVM.toLowerCase(), twinAddress: `0x${EVM.slice(2).toUpperCase()}` };
  const network = scenario.cheaperPreview ? 'TRC20' : rng.pick(['TRC20', 'BEP20']);
  const address = network === 'TRC20' ? tronAddress() : EVM;
  return { ticker: 'USDT', network, address, twinAddress: address };
}

const same = (a: string | null, b: string) => a !== null && new Decimal(a).eq(b);

function weightedPick(rng: Random): ScenarioName {
  const entries = Object.entries(WEIGHTS) as Array<[ScenarioName, number]>;
  let roll = rng.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [name, weight] of entries) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return entries[0]![0];
}

async function recordOf(app: DeskProcess, uniqueId: string): Promise<WithdrawalRecord | undefined> {
  return (await app.invoke('withdrawals.list', {})).find((r) => r.uniqueId === uniqueId);
}

/** A person's click: a refusal is an answer to read (returned), not a failure of the run. */
async function attempt(click: () => Promise<unknown>): Promise<AppRefusal | null> {
  return click().then(
    () => null,
    (error: unknown) => {
      if (error instanceof AppRefusal) return error;
      throw error;
    },
  );
}

function cheaperTronUsdt(fees: Record<string, FeeEntry>): void {
  const entry = fees['USDT (TRC20)'];
  if (entry) entry.withdraw.fixed = '0.2';
}

interface LedgerDebit {
  uniqueId: string;
  ticker: string;
  amount: string;
  fee: string;
  total: string;
  kind: string;
}

async function admin(sim: RunningSimulator, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sim.url}/__admin/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Admin-Token': sim.adminToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`admin ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function ledgerDebits(sim: RunningSimulator, apiKey: string): Promise<LedgerDebit[]> {
  const ledger = (await admin(sim, `ledger?apiKey=${encodeURIComponent(apiKey)}`)) as { debits: LedgerDebit[] };
  return ledger.debits.filter((d) => d.kind === 'withdrawal');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
