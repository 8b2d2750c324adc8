/** `senryaku perft DEPTH [--position SPN] [--profile FILE] [--divide]` */
import { divide, perft } from '../../rules/senryaku/index.ts';
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { positionOptionSpecs, readModel, readPosition } from '../position-options.ts';
import { usageOf } from '../usage.ts';

const MAX_DEPTH = 12;

export function perftCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, {
    ...positionOptionSpecs,
    divide: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError(`perft takes one DEPTH; usage: ${usageOf('perft')}`);
  const text = positionals[0]!;
  const depth = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(depth >= 1 && depth <= MAX_DEPTH)) throw new UsageError(`DEPTH must be a whole number from 1 to ${MAX_DEPTH}, got '${text}'`);
  const pos = readPosition(values.position);
  const model = readModel(values.profile);

  if (values.divide) {
    const lines = divide(pos, depth, model);
    for (const line of lines) io.out(`${line.notation} ${line.count}`);
    io.out(`total ${lines.reduce((sum, l) => sum + l.count, 0)}`);
  } else {
    for (let d = 1; d <= depth; d++) io.out(`${d} ${perft(pos, d, model)}`);
  }
  return EXIT_OK;
}
