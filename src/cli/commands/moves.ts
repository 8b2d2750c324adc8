/** `senryaku moves [--position SPN] [--profile FILE]`: each legal move and what it leads to. */
import { formatMove, legalMoves, moveOutcome, type MoveOutcome } from '../../rules/senryaku/index.ts';
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { positionOptionSpecs, readModel, readPosition } from '../position-options.ts';
import { usageOf } from '../usage.ts';

export const describeOutcome = (o: MoveOutcome): string =>
  o.kind === 'none'
    ? 'none'
    : o.kind === 'capture'
      ? `capture: ${o.winner} wins`
      : `crash at ${o.step} (step ${o.stepIndex}), tips toward ${o.toward}: ${o.loser} loses`;

export function movesCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, positionOptionSpecs);
  if (positionals.length > 0) throw new UsageError(`moves takes no positional argument; usage: ${usageOf('moves')}`);
  const pos = readPosition(values.position);
  const model = readModel(values.profile);
  const moves = legalMoves(pos)
    .map((m) => ({ notation: formatMove(m), outcome: describeOutcome(moveOutcome(pos, m, model)) }))
    .sort((a, b) => (a.notation < b.notation ? -1 : 1));
  if (moves.length === 0) io.out(`no legal move: ${pos.turn} loses (no-move)`);
  for (const m of moves) io.out(`${m.notation} ${m.outcome}`);
  return EXIT_OK;
}
