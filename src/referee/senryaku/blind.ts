/** Senryaku's view for refereeing with blind wells (src/referee/blind-moves.ts), and its sensor inputs. */
import { legalMoves, type Move } from '../../rules/senryaku/moves.ts';
import { formatMove } from '../../rules/senryaku/notation.ts';
import { EMPTY, cellColor, colouredOf, opposite, wellName } from '../../rules/senryaku/types.ts';
import type { BlindView } from '../blind-moves.ts';
import { blindPoints, type SensorWords } from '../sensor-health.ts';
import type { StepContext } from './context.ts';

export const SENRYAKU_SENSOR_WORDS: SensorWords = { cellName: wellName, cell: 'well', piece: 'sphere' };

export function blindView(ctx: StepContext): BlindView<Move> {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  return {
    words: SENRYAKU_SENSOR_WORDS,
    blind: blindPoints(d.sensors),
    moves: legalMoves(pos),
    mover,
    other: opposite(mover),
    hand: d.hand,
    firstHeldIsOwn: d.hand[0] !== undefined && cellColor(d.hand[0].cell) === mover,
    touched: d.touched,
    formatMove,
    // The other side's sphere, or the mover's coloured one it would capture.
    startsTheirTurn: (well) => {
      const cell = d.onBoard[well] ?? EMPTY;
      return cell !== EMPTY && (cellColor(cell) === opposite(mover) || cell === colouredOf(mover));
    },
    emit: (v) => ctx.emit(v),
  };
}
