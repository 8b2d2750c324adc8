/** `senryaku moves [--rules ID] [--position TEXT] [--profile FILE]`: each legal move and what it leads to. */
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { positionOptionSpecs, readPositionTools } from '../position-options.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { usageOf } from '../usage.ts';

export function movesCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, positionOptionSpecs);
  if (positionals.length > 0) throw new UsageError(`moves takes no positional argument; usage: ${usageOf('moves', BUILT_IN_RULESETS)}`);
  const tools = readPositionTools(values);
  const moves = tools.moves();
  if (moves.length === 0) io.out(tools.noMoveText);
  for (const m of moves) io.out(`${m.notation} ${m.outcome}`);
  return EXIT_OK;
}
