/**
 * The whole board as sensing found it after (re)starting (a `snapshot` input): after a
 * restart on a journal, a reconnect, or the board unheard for a while. The rules say what
 * happened meanwhile where they can (unheard.ts); else the board is compared with the game:
 * during a game it is resynced with the last legal position, outside one the setup is said.
 */
import { inGame, type StepContext } from './context.ts';
import { checkSetup, reportSetup } from './game-flow.ts';
import type { RefereeInput } from './inputs.ts';
import { checkResync } from './recovery.ts';
import type { GameTypes } from './rules.ts';
import { occupiedAsFarAsSeen } from './sensor-health.ts';
import { draftOf, type RefereeState } from './state.ts';
import { judgeUnheard } from './unheard.ts';

/** What makes two of the referee's accounts the same game: the position, the phase, the pieces in hand. */
const outcomeKey =
  <G extends GameTypes>(ctx: StepContext<G>) =>
  (s: RefereeState<G>): string =>
    `${ctx.rules.formatPosition(s.game.position)}|${s.phase}|${s.hand
      .map((h) => h.from)
      .sort((a, b) => a - b)
      .join(',')}`;

export function onBoardFound<G extends GameTypes>(ctx: StepContext<G>, found: Extract<RefereeInput, { type: 'snapshot' }>): void {
  const { d, rules } = ctx;
  const { physics } = rules;
  const resumed = found.resumed ?? false;
  const onTheBoard = (c: number): boolean => Number.isInteger(c) && c >= 0 && c < rules.board.cells;
  // A board without tilt switches has no tilt to report.
  const tipped = physics ? found.tipped : undefined;
  const tilt = physics?.tilt(d.physics);
  // A takeback under way is not searched through: the board is put back as the game stands.
  const pending =
    d.takingBack !== undefined ||
    (physics !== undefined && (physics.holdsJudgement(d.physics) || physics.heldEnding(d.physics) !== undefined));
  const seen = occupiedAsFarAsSeen(found.occupied.filter(onTheBoard), found.blind ?? [], d.sensors, d.onBoard);
  // The board was not heard: the rules say what happened meanwhile, or that it must be put back.
  const unheard = judgeUnheard(
    { ...d },
    d.phase,
    seen,
    ctx.at,
    found.unheardSinceMs,
    !resumed && tipped === tilt && !pending,
    ctx.engine.step,
    outcomeKey(ctx),
  );
  if (unheard.kind === 'nothing') return;
  if (unheard.kind === 'explained') {
    Object.assign(d, draftOf(unheard.state));
    ctx.verdicts.push(...unheard.verdicts);
    return;
  }
  const { why } = unheard;
  const sensed = new Int8Array(rules.board.cells);
  for (const c of seen) sensed[c] = d.onBoard[c] !== 0 ? (d.onBoard[c] ?? rules.board.unknownPiece) : rules.board.unknownPiece;
  const unchanged = ctx.engine.view.sameOccupancy(sensed, d.onBoard) && tipped === tilt;
  // The referee's own account already matches what the sensors see: nothing to say, except
  // after a restart on a journal, when players wait to hear that play goes on, or when what
  // was not heard could have been more than the board shows (a capture completed unseen; a
  // foul put right and the move made, which leaves the board as the foul did).
  const ambiguous = why !== undefined && inGame(ctx);
  if (unchanged && !ambiguous && (d.phase === 'foul' || (d.phase === 'play' && !resumed))) return;
  if (!unchanged) d.changedSinceOver = true;
  d.onBoard = sensed;
  if (physics) d.physics = physics.withTilt(d.physics, tipped);
  d.hand = [];
  d.takingBack = undefined;
  if (d.phase === 'setup' || d.phase === 'game-over' || d.phase === 'match-over') {
    if (d.phase === 'match-over') return;
    if (rules.rulings.setupReports === 'each-snapshot') {
      reportSetup(ctx);
      checkSetup(ctx);
    } else if (!checkSetup(ctx)) reportSetup(ctx);
    return;
  }
  d.phase = 'resync';
  d.lastResyncReport = undefined;
  checkResync(ctx, why);
}
