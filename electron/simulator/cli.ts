/**
 * `npm run --silent simulator -- --port <n> [--seed <n>] [--withdrawal-settle-ms <n>] [--no-rate-limits]`
 *
 * Prints exactly one line on stdout once listening, a JSON "ready" event with the URL, the admin
 * token and the demo accounts' credentials (by design: they are demo keys for this process only),
 * then runs until SIGINT/SIGTERM. Diagnostics go to stderr. Bad arguments exit with status 2.
 */
import { parseArguments, USAGE } from './cliArgs';
import { startSimulator } from './index';

async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2));
  if (parsed === USAGE) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (typeof parsed === 'string') {
    process.stderr.write(`simulator: ${parsed}\n${USAGE}\n`);
    process.exit(2);
  }
  let sim;
  try {
    sim = await startSimulator(parsed);
  } catch (err) {
    process.stderr.write(`simulator: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  const ready = {
    event: 'ready',
    url: sim.url,
    adminToken: sim.adminToken,
    accounts: sim.accounts.map(({ name, apiKey, apiSecret, b2b, eea }) => ({ name, apiKey, apiSecret, b2b, eea })),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.stderr.write(`simulator: listening on ${sim.url} (seed ${parsed.seed ?? 42})\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`simulator: ${signal}, closing\n`);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
