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
import type { StepContext } from './context.ts';
import { clearTurn, forfeitGame } from './game-flow.ts';
import { NOBODY } from './inputs.ts';
import { checkResync } from './recovery.ts';
import type { GameTypes, SideOf } from './rules.ts';

/** Why there is no holding that `to` could be attributed now, or undefined. */
function holdingRefusal<G extends GameTypes>(ctx: StepContext<G>, to: string): string | undefined {
  const { d } = ctx;
  const played = d.match.games.length;
  const over = d.phase === 'game-over' || d.phase === 'match-over';
  const ending = ctx.rules.physics?.heldEnding(d.physics);
  if (ending !== undefined) return `the game is ending by ${ending}: there is no holding to attribute`;
  const loser = d.holding?.loser;
  if (loser === undefined) {
    if (!over && played > 0) return `game ${played + 1} has started: only the last game's ending can be attributed, before the next starts`;
    if (!over || played === 0) return 'no game has ended: there is no holding to attribute';
    return `game ${played} did not end by holding the board: there is no holding to attribute`;
  }
  if (to === loser) return `${to} already forfeited game ${played} for holding the board: that changes nothing`;
  return undefined;
}

export function attributeHolding<G extends GameTypes>(ctx: StepContext<G>, asked: string): void {
  const { d, rules } = ctx;
  const refuse = (why: string): void => ctx.emit({ type: 'notice', message: `attribution refused: ${why}` });
  const to: SideOf<G> | typeof NOBODY | undefined = asked === NOBODY ? NOBODY : rules.sides.find((s) => s === asked);
  if (to === undefined) return refuse(`'${asked}' is not a side of ${rules.name}: attribute ${rules.sides.join(', ')} or none`);
  const why = holdingRefusal(ctx, to);
  const h = d.holding;
  if (why || !h) return refuse(why ?? 'no holding to attribute');
  const number = d.match.games.length;

  const withdrawn = rules.match.withdrawLast(d.match);
  if (!withdrawn.ok) throw new Error(`referee bug: ${withdrawn.error}`);
  const was = { phase: d.phase, changedSinceOver: d.changedSinceOver, interferenceSince: d.interferenceSince };
  d.match = withdrawn.value;
  d.game = h.game;
  d.fouls = h.fouls;
  d.foul = undefined;
  d.holding = undefined;
  const back = `${h.loser}'s forfeit of game ${number} is withdrawn`;
  const score = { ...d.match.points };
  if (to === NOBODY) {
    const turn = h.game.position.turn;
    ctx.emit({
      type: 'attributed',
      game: number,
      to: NOBODY,
      message: `nobody at the table held the board: ${back} and the game goes on, ${turn} to move`,
      score,
    });
    // The board as it stands now is compared with the last legal position: play goes on once they match.
    clearTurn(d);
    d.touched = h.touched;
    if (rules.physics) d.physics = rules.physics.atGameStart(d.physics);
    d.phase = 'resync';
    d.lastResyncReport = undefined;
    checkResync(ctx);
    return;
  }
  ctx.emit({ type: 'attributed', game: number, to, message: `${to} held the board: ${back}, and ${to} forfeits it instead`, score });
  forfeitGame(ctx, to, 'holding', `the operator attributes the holding to ${to}`);
  d.holding = { ...h, loser: to };
  d.interferenceSince = was.interferenceSince;
  // After a match-over nothing marked the board as touched: a board that no longer shows the
  // game's last position has been touched since.
  d.changedSinceOver = was.phase === 'match-over' ? !ctx.engine.view.sameOccupancy(d.onBoard, h.game.position.board) : was.changedSinceOver;
}
