/** Surakarta's view for refereeing with blind points (src/referee/blind-moves.ts). */
import { legalMoves, type Move } from '../../rules/surakarta/moves.ts';
import { formatMove } from '../../rules/surakarta/notation.ts';
import { opposite, pointName, sideOf } from '../../rules/surakarta/types.ts';
import type { BlindView } from '../blind-moves.ts';
import { blindPoints, type SensorWords } from '../sensor-health.ts';
import type { StepContext } from './context.ts';

export const SURAKARTA_SENSOR_WORDS: SensorWords = { cellName: pointName, cell: 'point', piece: 'piece' };

export function blindView(ctx: StepContext): BlindView<Move> {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  const moves = legalMoves(pos);
  return {
    words: SURAKARTA_SENSOR_WORDS,
    blind: blindPoints(d.sensors),
    moves,
    mover,
    other: opposite(mover),
    hand: d.hand,
    firstHeldIsOwn: d.hand[0] !== undefined && sideOf(d.hand[0].cell) === mover,
    touched: d.touched,
    formatMove,
    // The other side's piece, unless the mover may be starting a capture of it.
    startsTheirTurn: (point) =>
      sideOf(d.onBoard[point] ?? 0) === opposite(mover) && (d.hand.length > 0 || !moves.some((m) => m.capture && m.to === point)),
    emit: (v) => ctx.emit(v),
  };
}
