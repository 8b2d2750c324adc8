/** `senryaku perft DEPTH [--rules ID] [--position TEXT] [--profile FILE] [--divide]` */
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { positionOptionSpecs, readPositionTools } from '../position-options.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { usageOf } from '../usage.ts';

const MAX_DEPTH = 12;

export function perftCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, {
    ...positionOptionSpecs,
    divide: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError(`perft takes one DEPTH; usage: ${usageOf('perft', BUILT_IN_RULESETS)}`);
  const text = positionals[0]!;
  const depth = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(depth >= 1 && depth <= MAX_DEPTH)) throw new UsageError(`DEPTH must be a whole number from 1 to ${MAX_DEPTH}, got '${text}'`);
  const tools = readPositionTools(values);

  if (values.divide) {
    const lines = tools.divide(depth);
    for (const line of lines) io.out(`${line.notation} ${line.count}`);
    io.out(`total ${lines.reduce((sum, l) => sum + l.count, 0)}`);
  } else {
    for (let d = 1; d <= depth; d++) io.out(`${d} ${tools.perft(d)}`);
  }
  return EXIT_OK;
}
