/**
 * `npm run bench:faults`: the whole fault harness run (e2e/faults/run.ts) through the built app.
 * Prints its counts and every discrepancy; exits 1 on any double payment, lost record, debit/record
 * mismatch or unsettled send.
 *
 *   npm run bench:faults -- [--sends 120] [--seed 7] [--only twin_draft_lagging,kill9_race]
 */
import { parseArgs } from 'node:util';
import { runFaultedSends, SCENARIOS, type ScenarioName } from './run';

const { values } = parseArgs({ options: { sends: { type: 'string', default: '120' }, seed: { type: 'string' }, only: { type: 'string' }, quiet: { type: 'boolean', default: false } } });
const sends = Number(values.sends);
if (!Number.isInteger(sends) || sends < 1) throw new Error('--sends must be a positive integer');
const only = values.only?.split(',') as ScenarioName[] | undefined;
for (const name of only ?? []) if (!(name in SCENARIOS)) throw new Error(`--only: no scenario ${name} (${Object.keys(SCENARIOS).join(', ')})`);

const started = Date.now();
const report = await runFaultedSends({
  ...(only ? { scenarios: Array.from({ length: sends }, (_, i) => only[i % only.length]!) } : { sends }),
  ...(values.seed ? { seed: Number(values.seed) } : {}),
  log: values.quiet ? undefined : (line) => console.log(line),
});
console.log(`seed ${report.seed}: ${report.sends} faulted sends in ${Math.round((Date.now() - started) / 1000)} s, ${report.kills} kill -9, ${report.debits} debits`);
console.log('faults by kind:');
for (const [name, count] of Object.entries(report.byScenario).sort()) console.log(`  ${name.padEnd(34)} ${count}`);
console.log(`double payments ${report.doublePayments}, lost records ${report.lostRecords}, mismatches ${report.mismatches}, unsettled ${report.unsettled}`);
for (const line of report.discrepancies) console.log(`  ${line}`);
process.exitCode = report.discrepancies.length === 0 ? 0 : 1;
