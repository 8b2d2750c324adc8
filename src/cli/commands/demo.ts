/**
 * `senryaku demo`: what `npm start` runs until the referee lands: the help, the start
 * position's legal moves, and perft 1..5, so a newcomer sees the rules core work.
 */
import { START_SPN, formatMove, legalMoves, moveOutcome, parseSpn, perft } from '../../rules/senryaku/index.ts';
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { usageOf } from '../usage.ts';
import { describeOutcome } from './moves.ts';

export function demoCommand(args: string[], io: CliIo): number {
  if (args.length > 0) throw new UsageError(`demo takes no arguments, got '${args[0]}'; usage: ${usageOf('demo')}`);
  const start = parseSpn(START_SPN);
  if (!start.ok) throw new Error(start.error.message);
  const pos = start.value;
  io.out(`Start position: ${START_SPN}`);
  io.out(`Legal moves for White (${legalMoves(pos).length}):`);
  for (const m of legalMoves(pos)) io.out(`  ${formatMove(m)} ${describeOutcome(moveOutcome(pos, m))}`);
  io.out('perft from the start:');
  for (let d = 1; d <= 5; d++) io.out(`  ${d} ${perft(pos, d)}`);
  return EXIT_OK;
}
