/** The referee's state as refereeing with blind cells sees it (blind-moves.ts). */
import type { BlindView } from './blind-moves.ts';
import type { StepContext } from './context.ts';
import type { GameTypes } from './rules.ts';
import { blindPoints } from './sensor-health.ts';

export function blindView<G extends GameTypes>(ctx: StepContext<G>): BlindView<G['move']> {
  const { d, rules } = ctx;
  const mover = d.game.position.turn;
  const other = rules.opposite(mover);
  const moves = rules.legalMoves(d.game.position);
  const byRuling = {
    // A piece of theirs, or one of the mover's they would lift first to capture it.
    'their-piece-or-capture': (code: number): boolean => rules.sideOf(code) === other || rules.capturable(code, other),
    // A piece of theirs, unless the mover, with nothing in hand, may be starting a capture of it.
    'their-piece-not-capturable': (code: number, cell: number): boolean =>
      rules.sideOf(code) === other && (d.hand.length > 0 || !moves.some((m) => m.capture && m.to === cell)),
  } as const;
  const startsTheirTurn = byRuling[rules.rulings.blindTurnStart];
  return {
    words: ctx.engine.sensorWords,
    blind: blindPoints(d.sensors),
    moves,
    mover,
    other,
    hand: d.hand,
    firstHeldIsOwn: d.hand[0] !== undefined && rules.sideOf(d.hand[0].cell) === mover,
    touched: d.touched,
    formatMove: (m) => rules.formatMove(m),
    startsTheirTurn: (cell) => startsTheirTurn(d.onBoard[cell] ?? 0, cell),
    emit: (v) => ctx.emit(v),
  };
}
