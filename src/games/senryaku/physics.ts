/**
 * What Senryaku's board adds to refereeing: it balances on pinnacles and crashes when it
 * tips (RULES.md, Crashing the board). The tilt switches decide; the balance model only
 * predicts, and a disagreement is logged for calibration (`model-disagreement`).
 *
 * The switches answer within ~10 ms, before the load cells have settled on the lift or
 * placement that tipped the board, so the crash is said at once (`board-tipped`) and judged
 * `tipAttributionMs` later, counting the actions sensed up to then; the side whose action it
 * was loses, a placement's grace included (a tip this soon after a move is the mover's). A
 * capture is final only after the same grace: if its placement tips the board, the capturer
 * loses.
 */
import type { BoardPhysics, PhysicsContext } from '../../referee/board-physics.ts';
import { BalanceModel } from './rules/balance.ts';
import type { BoardProfile } from './rules/profile.ts';
import { formatSpn } from './rules/spn.ts';
import { EMPTY, WELLS, WHITE_PLAIN, opposite, wellName, type Color, type Well } from './rules/types.ts';
import type { LastAction, SenryakuGame, SenryakuPhysicsState } from './referee-types.ts';

type Ctx = PhysicsContext<SenryakuGame>;

/** A game is on: its moves, or a foul in it, are being judged. */
const inGame = (ctx: Ctx): boolean => ctx.d.phase === 'play' || ctx.d.phase === 'foul';
type PendingTip = NonNullable<SenryakuPhysicsState['pendingTip']>;

/**
 * An action that happened this long after the tip may still be what caused it. A lift
 * happens (its `sinceMs`) when the load left the well, at once; a placement when the sphere
 * stopped bouncing, up to ~120 ms after it landed. Later lifts are spheres spilling off the
 * tipped board.
 */
const TIP_SLACK_MS = { lift: 30, place: 150, roll: 150 } as const;
/** A lift tips the board within a few tens of ms; a tip later than this while the sphere is held is its landing. */
const LANDING_AFTER_LIFT_MS = 100;
/** The code the referee gives a sphere it does not know (referee.ts). */
const UNKNOWN_SPHERE = 5;

const models = new WeakMap<BoardProfile, BalanceModel>();
const modelOf = (ctx: Ctx): BalanceModel => {
  const profile = ctx.d.settings.profile;
  let m = models.get(profile);
  if (!m) models.set(profile, (m = BalanceModel.fromProfile(profile)));
  return m;
};

/** The board for the balance model: a sphere of unknown kind weighs as a plain one. */
export function modelBoard(onBoard: Int8Array): Int8Array {
  const b = new Int8Array(WELLS);
  for (let w = 0; w < WELLS; w++) b[w] = onBoard[w] === UNKNOWN_SPHERE ? WHITE_PLAIN : (onBoard[w] ?? EMPTY);
  return b;
}

const update = (ctx: Ctx, change: Partial<SenryakuPhysicsState>): void => {
  ctx.d.physics = { ...ctx.d.physics, ...change };
};

/** The tilt switches say the board tipped: the crash is judged once the action that caused it has been sensed. */
function onTipped(ctx: Ctx, toward: Color): void {
  const { d } = ctx;
  update(ctx, { tipped: toward });
  if (!inGame(ctx) && d.physics.pendingEnd === undefined) return;
  if (d.physics.pendingTip) return;
  update(ctx, { pendingTip: { toward, atMs: ctx.at, board: modelBoard(d.onBoard), lifted: d.hand.map((h) => h.from) } });
  // The crash itself is certain now; only whose action caused it waits for the window.
  ctx.emit({ type: 'board-tipped', toward });
}

function onAction(ctx: Ctx, kind: LastAction['kind'], well: Well): void {
  const { d } = ctx;
  const tip = d.physics.pendingTip;
  // Spheres spilling off a board that has already tipped are not anyone's action.
  if (tip && ctx.happenedAt > tip.atMs + TIP_SLACK_MS[kind]) return;
  if (tip) update(ctx, { pendingTip: { ...tip, board: modelBoard(d.onBoard), lifted: d.hand.map((h) => h.from) } });
  if (inGame(ctx)) update(ctx, { lastAction: { side: d.game.position.turn, kind, well, atMs: ctx.happenedAt } });
}

/**
 * The side whose lift or placement tipped the board loses (a placement's grace included).
 * A board that tips while a sphere is held, well after it was lifted, tipped as that sphere
 * landed: the spill often takes it off again before the load cells settle on it.
 */
function judgeCrash(ctx: Ctx, tip: PendingTip): void {
  const { d } = ctx;
  const model = modelOf(ctx);
  update(ctx, { pendingTip: undefined });
  const mover = d.physics.pendingEnd ? opposite(d.game.position.turn) : d.game.position.turn;
  const last = d.physics.lastAction;
  const culprit = last && (last.side === mover || ctx.at - last.atMs <= d.settings.placementGraceMs) ? last.side : mover;
  const landing = tip.lifted.length > 0 && last?.kind === 'lift' && tip.atMs - last.atMs > LANDING_AFTER_LIFT_MS;
  if (!landing && model.isStable(tip.board))
    ctx.emit({
      type: 'model-disagreement',
      kind: 'sensor-tipped',
      position: formatSpn(d.game.position),
      lifted: tip.lifted.map(wellName),
      margin: model.tipMargins(tip.board),
    });
  ctx.emit({
    type: 'crash',
    loser: culprit,
    toward: tip.toward,
    during: landing ? 'place' : (last?.kind ?? 'none'),
    ...(last && !landing ? { well: wellName(last.well) } : {}),
  });
  ctx.endGame({ winner: opposite(culprit), reason: 'crash', forfeit: false });
}

/** The model's prediction, kept to compare with the tilt switches. */
function watchModel(ctx: Ctx): void {
  if (!inGame(ctx)) return;
  if (modelOf(ctx).isStable(modelBoard(ctx.d.onBoard))) update(ctx, { modelTipSince: undefined, modelTipReported: false });
  else update(ctx, { modelTipSince: ctx.d.physics.modelTipSince ?? ctx.happenedAt });
}

/** A tip being judged decides the step; a capture that stood through the placement grace wins. */
function checkTimers(ctx: Ctx): boolean {
  const { d, at } = ctx;
  const { pendingTip, pendingEnd } = d.physics;
  if (pendingTip) {
    if (at - pendingTip.atMs >= d.settings.tipAttributionMs) judgeCrash(ctx, pendingTip);
    return true;
  }
  if (pendingEnd && at - pendingEnd.atMs >= d.settings.placementGraceMs) {
    ctx.endGame(pendingEnd.end);
    return true;
  }
  return false;
}

/** A tip the model predicted that the tilt switches have not confirmed within the window is logged. */
function watchTimers(ctx: Ctx): void {
  const { d, at } = ctx;
  const x = d.physics;
  if (x.modelTipSince === undefined || x.modelTipReported || x.tipped || at - x.modelTipSince < d.settings.disagreementWindowMs) return;
  update(ctx, { modelTipReported: true });
  const model = modelOf(ctx);
  ctx.emit({
    type: 'model-disagreement',
    kind: 'model-tipped',
    position: formatSpn(d.game.position),
    lifted: d.hand.map((h) => wellName(h.from)),
    margin: model.tipMargins(modelBoard(d.onBoard)),
  });
}

export const SENRYAKU_PHYSICS: BoardPhysics<SenryakuGame> = {
  initial: { modelTipReported: false },
  atGameStart: (x) => ({
    ...x,
    pendingEnd: undefined,
    pendingTip: undefined,
    lastAction: undefined,
    modelTipSince: undefined,
    modelTipReported: false,
  }),
  atGameEnd: (x) => ({ ...x, pendingEnd: undefined, pendingTip: undefined }),
  tilt: (x) => x.tipped,
  withTilt: (x, tipped) => ({ ...x, tipped }),
  holdsJudgement: (x) => x.pendingTip !== undefined,
  heldEnding: (x) => (x.pendingEnd ? `a ${x.pendingEnd.end.reason}` : undefined),
  onTipped,
  onAction,
  afterAction: watchModel,
  moveVerdict: (ctx, position) => ({ balance: { tipMargin: modelOf(ctx).tipMargins(position.board) } }),
  // The mover's capture stands once the board has stood through the placement grace (checkTimers).
  holdEnding: (ctx, end) => {
    update(ctx, { pendingEnd: { atMs: ctx.happenedAt, end } });
    ctx.d.phase = 'game-over';
    ctx.d.changedSinceOver = false;
    return true;
  },
  checkTimers,
  watchTimers,
};
