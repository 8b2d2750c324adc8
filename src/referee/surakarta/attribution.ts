/**
 * The operator attributes the holding that ended the last game, after the fact and before the
 * next game starts (Senryaku's ruling, src/referee/senryaku/attribution.ts, "as for Senryaku"):
 * - to the other side: the forfeit is withdrawn and that side forfeits the game instead (the
 *   winner scores its pieces in play, the side that forfeited nothing: game-flow.ts);
 * - to `none` (nobody at the table): the forfeit is withdrawn and the game goes on from its
 *   last legal position, fouls counted as before, once the board matches that position;
 * - to the side that forfeited: that changes nothing, and is refused.
 * A refusal is a `notice` that says why.
 */
import { withdrawLastSurakartaGame } from '../../rules/surakarta/match.ts';
import { SIDES } from '../../rules/surakarta/types.ts';
import { attributionTarget, attributionVerdicts, holdingRefusal } from '../attribution.ts';
import { NOBODY } from '../inputs.ts';
import { sameOccupancy } from './board-view.ts';
import type { StepContext } from './context.ts';
import { clearTurn, endGame, forfeitEnd } from './game-flow.ts';
import { checkResync } from './recovery.ts';

export function attributeHolding(ctx: StepContext, asked: string): void {
  const { d } = ctx;
  const refuse = (why: string): void => ctx.emit({ type: 'notice', message: `attribution refused: ${why}` });
  const target = attributionTarget(asked, 'Surakarta', SIDES);
  if (!target.ok) return refuse(target.error);
  const to = target.value;
  const h = d.holding;
  const over = d.phase === 'game-over' || d.phase === 'match-over';
  const why = holdingRefusal(to, { loser: h?.loser, over, played: d.match.games.length });
  if (why || !h) return refuse(why ?? 'no holding to attribute');
  const number = d.match.games.length;

  const withdrawn = withdrawLastSurakartaGame(d.match);
  if (!withdrawn.ok) throw new Error(`referee bug: ${withdrawn.error.message}`);
  const was = { phase: d.phase, changedSinceOver: d.changedSinceOver, interferenceSince: d.interferenceSince };
  d.match = withdrawn.value;
  d.game = h.game;
  d.fouls = h.fouls;
  d.foul = undefined;
  d.holding = undefined;
  const back = `${h.loser}'s forfeit of game ${number} is withdrawn`;
  if (to === NOBODY) {
    ctx.emit(attributionVerdicts.toNobody(number, back, h.game.position.turn, { ...d.match.points }));
    // The board as it stands now is compared with the last legal position: play goes on once they match.
    clearTurn(d);
    if (h.touched !== undefined) d.touched = h.touched;
    d.phase = 'resync';
    d.lastResyncReport = undefined;
    checkResync(ctx);
    return;
  }
  for (const v of attributionVerdicts.toSide(number, to, back, { ...d.match.points })) ctx.emit(v);
  endGame(ctx, forfeitEnd(h.game.position, to, 'holding'));
  d.holding = { ...h, loser: to };
  d.interferenceSince = was.interferenceSince;
  // After a match-over nothing marked the board as touched: a board that no longer shows the
  // game's last position has been touched since.
  d.changedSinceOver = was.phase === 'match-over' ? !sameOccupancy(d.onBoard, h.game.position.board) : was.changedSinceOver;
}
