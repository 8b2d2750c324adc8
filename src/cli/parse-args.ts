/**
 * node:util parseArgs, with its errors turned into usage errors, and negative numbers read
 * as values: parseArgs takes `--speed -2` for an option missing its value ("argument is
 * ambiguous") and `perft -1` for an option `-1`, where the user meant a number, which the
 * command's own check then names (`--speed must be ..., got '-2'`).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.ts';

/** A negative number as typed: `-2`, `-0.5`, `-.5`, `-1e3`. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;
/** Marks a negative number standing as a positional while parseArgs reads the rest (no argument starts with it). */
const NEGATIVE_POSITIONAL = '\u0000';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The arguments with each negative number joined to the option that takes it (`--speed=-2`), or marked as a positional. */
function withNegativeNumbers(args: readonly string[], options: Options): string[] {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (spec.short !== undefined) takesValue.add(`-${spec.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return [...out, ...args.slice(i)];
    const next = args[i + 1];
    if (takesValue.has(arg) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(arg.startsWith('--') ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else out.push(NEGATIVE_NUMBER.test(arg) ? NEGATIVE_POSITIONAL + arg : arg);
  }
  return out;
}

export function parseCommandArgs<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    const parsed = parseArgs({ args: withNegativeNumbers(args, options ?? {}), options, allowPositionals: true, strict: true });
    return { ...parsed, positionals: parsed.positionals.map((p) => (p.startsWith(NEGATIVE_POSITIONAL) ? p.slice(1) : p)) };
  } catch (e) {
    throw new UsageError((e as Error).message.split('. To specify')[0]!.split('\n')[0]);
  }
}
