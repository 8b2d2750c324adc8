/**
 * The operator attributes the holding that ended the last game (RULES.md: holding the board
 * "forfeits the game of the side to move unless the operator attributes it otherwise"),
 * after the fact and before the next game starts:
 * - to the other side: the forfeit is withdrawn and that side forfeits the game instead;
 * - to `none` (nobody at the table: a spectator bumped it): the forfeit is withdrawn and the
 *   game goes on from its last legal position, fouls counted as before, once the board
 *   matches that position (the resync the referee asks for after a restart);
 * - to the side that forfeited: that changes nothing, and is refused.
 * A refusal is a `notice` that says why.
 */
import { withdrawLastGame } from '../../rules/match/track.ts';
import { COLORS, opposite } from '../../rules/senryaku/types.ts';
import { attributionTarget, attributionVerdicts, holdingRefusal } from '../attribution.ts';
import { NOBODY } from '../inputs.ts';
import { sameOccupancy } from './board-view.ts';
import type { StepContext } from './context.ts';
import { checkResync, endGame } from './game-flow.ts';

export function attributeHolding(ctx: StepContext, asked: string): void {
  const { d } = ctx;
  const refuse = (why: string): void => ctx.emit({ type: 'notice', message: `attribution refused: ${why}` });
  const target = attributionTarget(asked, 'Senryaku', COLORS);
  if (!target.ok) return refuse(target.error);
  const to = target.value;
  const h = d.holding;
  const over = d.phase === 'game-over' || d.phase === 'match-over';
  if (d.pendingCapture) return refuse('the game is ending by a capture: there is no holding to attribute');
  const why = holdingRefusal(to, { loser: h?.loser, over, played: d.match.games.length });
  if (why || !h) return refuse(why ?? 'no holding to attribute');
  const number = d.match.games.length;

  const withdrawn = withdrawLastGame(d.match);
  if (!withdrawn.ok) throw new Error(`referee bug: ${withdrawn.error.message}`);
  const was = { phase: d.phase, changedSinceOver: d.changedSinceOver, interferenceSince: d.interferenceSince };
  d.match = withdrawn.value;
  d.game = h.game;
  d.fouls = h.fouls;
  d.foul = undefined;
  d.touched = h.touched;
  d.holding = undefined;
  const back = `${h.loser}'s forfeit of game ${number} is withdrawn`;
  if (to === NOBODY) {
    ctx.emit(attributionVerdicts.toNobody(number, back, h.game.position.turn, { ...d.match.points }));
    // The board as it stands now is compared with the last legal position: play goes on once they match.
    d.hand = [];
    d.captureOrder = undefined;
    d.lastAction = undefined;
    d.modelTipSince = undefined;
    d.modelTipReported = false;
    d.phase = 'resync';
    d.lastResyncReport = undefined;
    checkResync(ctx);
    return;
  }
  for (const v of attributionVerdicts.toSide(number, to, back, { ...d.match.points })) ctx.emit(v);
  endGame(ctx, opposite(to), 'holding');
  d.holding = { ...h, loser: to };
  d.interferenceSince = was.interferenceSince;
  // After a match-over nothing marked the board as touched: a board that no longer shows the
  // game's last position has been touched since.
  d.changedSinceOver = was.phase === 'match-over' ? !sameOccupancy(d.onBoard, h.game.position.board) : was.changedSinceOver;
}
