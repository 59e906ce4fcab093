/**
 * Child process for the store's kill test: opens the store in argv[2], puts one record (argv[3], JSON),
 * prints {"put":uniqueId} once put() resolved, and waits to be killed without closing anything.
 */
import type { WithdrawalRecord } from '../../../../shared/model/withdrawals';
import { openDatabase } from '../../database';
import { openWithdrawalStore } from '../store';

const [dataDir, json] = process.argv.slice(2);
if (!dataDir || !json) throw new Error('usage: put-then-wait.ts <dataDir> <record json>');
const record = JSON.parse(json) as WithdrawalRecord;
openDatabase(dataDir);
const store = await openWithdrawalStore({ dataDir, keepRecent: 10, isFinished: () => false });
await store.put(record);
process.stdout.write(`${JSON.stringify({ put: record.uniqueId })}\n`);
setInterval(() => undefined, 60_000);
