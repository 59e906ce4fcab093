/**
 * Command-line arguments of the simulator CLI, parsed without side effects so they can be tested.
 */
import { flagError, parseStrictFlags } from '../cli-flags';
import type { SimulatorOptions } from './index';

export const USAGE = 'usage: simulator --port <0-65535> [--seed <integer>] [--withdrawal-settle-ms <ms>] [--no-rate-limits]';

export function parseArguments(argv: readonly string[]): SimulatorOptions | string {
  let values: { port?: string; seed?: string; 'withdrawal-settle-ms'?: string; 'no-rate-limits'?: boolean; help?: boolean };
  try {
    ({ values } = parseStrictFlags(argv, {
      port: { type: 'string' },
      seed: { type: 'string' },
      'withdrawal-settle-ms': { type: 'string' },
      'no-rate-limits': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    }) as { values: typeof values });
  } catch (error) {
    const { code, flag } = flagError(error);
    return code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `${flag} needs an integer value` : `unknown argument ${JSON.stringify(flag)}`;
  }
  if (values.help) return USAGE;
  const options: SimulatorOptions = {};
  const integer = (flag: string, value: string | undefined, min: number, max: number): number | string | undefined => {
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) return `${flag} needs an integer value`;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min || n > max) return `${flag} must be from ${min} to ${max}`;
    return n;
  };
  const port = integer('--port', values.port, 0, 65_535);
  const seed = integer('--seed', values.seed, 0, 2 ** 32 - 1);
  const settle = integer('--withdrawal-settle-ms', values['withdrawal-settle-ms'], 0, 86_400_000);
  for (const checked of [port, seed, settle]) if (typeof checked === 'string') return checked;
  if (typeof port === 'number') options.port = port;
  if (typeof seed === 'number') options.seed = seed;
  if (typeof settle === 'number') options.withdrawalSettleMs = settle;
  if (values['no-rate-limits']) options.rateLimits = false;
  if (options.port === undefined) return '--port is required (0 = any free port)';
  return options;
}
