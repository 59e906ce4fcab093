/**
 * Command-line arguments of the simulator CLI, parsed without side effects so they can be tested.
 */
import type { SimulatorOptions } from './index';

export const USAGE = 'usage: simulator --port <0-65535> [--seed <integer>] [--withdrawal-settle-ms <ms>] [--no-rate-limits]';

export function parseArguments(argv: readonly string[]): SimulatorOptions | string {
  const options: SimulatorOptions = {};
  const integer = (flag: string, value: string | undefined, min: number, max: number): number | string => {
    if (value === undefined || !/^-?\d+$/.test(value)) return `${flag} needs an integer value`;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min || n > max) return `${flag} must be from ${min} to ${max}`;
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--port': {
        const n = integer('--port', value(), 0, 65_535);
        if (typeof n === 'string') return n;
        options.port = n;
        break;
      }
      case '--seed': {
        const n = integer('--seed', value(), 0, 2 ** 32 - 1);
        if (typeof n === 'string') return n;
        options.seed = n;
        break;
      }
      case '--withdrawal-settle-ms': {
        const n = integer('--withdrawal-settle-ms', value(), 0, 86_400_000);
        if (typeof n === 'string') return n;
        options.withdrawalSettleMs = n;
        break;
      }
      case '--no-rate-limits':
        options.rateLimits = false;
        break;
      case '--help':
      case '-h':
        return USAGE;
      default:
        return `unknown argument ${JSON.stringify(arg)}`;
    }
  }
  if (options.port === undefined) return '--port is required (0 = any free port)';
  return options;
}
