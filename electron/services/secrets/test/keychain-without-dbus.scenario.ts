/**
 * Run as a child process by keychain.test.ts with D-Bus pointed at nothing: prints what the
 * keychain wrapper answers when no keychain is reachable. (libsecret keeps its D-Bus connection
 * for the life of a process, so this cannot be tested inside the test process itself.)
 */
import { isAppFailure } from '../../../../shared/errors';
import { createKeytarKeychain } from '../keychain';

const keychain = createKeytarKeychain({ timeoutMs: 5_000 });
const outcomes: unknown[] = [];
for (const run of [() => keychain.getSecret('fixture-account'), () => keychain.setSecret('fixture-account', 'fixture-secret-value')]) {
  try {
    outcomes.push({ ok: true, value: await run() });
  } catch (error) {
    outcomes.push(isAppFailure(error) ? { ok: false, error: error.error } : { ok: false, thrown: String(error) });
  }
}
// Exit once written: idle keep-alive sockets would otherwise hold the process for seconds.
process.stdout.write(JSON.stringify(outcomes), () => process.exit(0));
