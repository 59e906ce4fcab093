/**
 * The one way both command lines (the launcher, the simulator CLI) read their flags:
 * node:util.parseArgs, strict, so an unknown flag, a missing value or a value given to a switch is
 * an error and never ignored; and what such an error is about, for a message in each tool's words.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface ParsedFlags {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  /** Every flag as given, repeats included (parseArgs keeps only the last value of a repeat). */
  tokens: Array<{ kind: string; name?: string }>;
}

export function parseStrictFlags(args: readonly string[], options: NonNullable<ParseArgsConfig['options']>): ParsedFlags {
  return parseArgs({ args: [...args], options, strict: true, allowPositionals: false, tokens: true });
}

export interface FlagError {
  /** node:util's code, such as ERR_PARSE_ARGS_UNKNOWN_OPTION. */
  code: string;
  /** The flag (or stray argument) the error is about, as typed; '' when the message names none. */
  flag: string;
  message: string;
}

export function flagError(error: unknown): FlagError {
  const message = error instanceof Error ? error.message : String(error);
  // node:util quotes what it refuses: "Unknown option '--x'", "Option '--port <value>' argument missing".
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  return { code: (error as { code?: string }).code ?? '', flag: quoted.split(' ')[0] ?? '', message };
}
