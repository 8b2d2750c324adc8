/**
 * What happened while the board was not heard (a reboot, a reconnect, a stall of its frames):
 * the referee finds the board as it stands now and must say what it makes of it, never stay
 * silent. Occupancy sensing cannot tell every change apart (a capture leaves the captured
 * well occupied, so a capture completed unseen looks like its capturer merely lifted), so the
 * rules decide: every way the board could have got from the referee's account to what is
 * sensed now, in a few lifts and placements, is played through the referee's own reducer, and
 * the ways it takes without a foul are the legal explanations.
 *
 * - One legal explanation, and it is "nothing happened": nothing to say.
 * - One, and something happened (a step completed, a sphere lifted): it is taken as if seen,
 *   its verdicts said (a move marked `unheard`: inferred on reconnect).
 * - None, or several that lead to different games: the board is put back to the last legal
 *   position, and the referee says what differs and how to restore it (`resync-needed`).
 *
 * The engine hands in its reducer's step and what makes two outcomes the same (position,
 * phase and hand; board-found.ts); the search knows only cells, lifts and placements.
 */
import type { RefereeInput } from './inputs.ts';
import type { RefereeStep } from './referee.ts';
import type { Verdict, VerdictType } from './verdicts.ts';

/** What the search reads of a game's state. */
export interface UnheardView {
  readonly onBoard: ArrayLike<number>;
  readonly hand: readonly { readonly from: number }[];
}

export type UnheardExplanation<S> =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'explained'; readonly state: S; readonly verdicts: readonly Verdict[] }
  /** `ways`: how many different outcomes were legal (0: none; 2 or more: the board cannot tell which). */
  | { readonly kind: 'unexplained'; readonly ways: number };

/** More changed wells than this and the search does not try: the board is put back. */
const MAX_CHANGES = 3;

/** A way that says any of these was no legal way (a touch undone is no explanation either). */
const NOT_LEGAL: ReadonlySet<VerdictType> = new Set<VerdictType>([
  'foul',
  'forfeit',
  'crash',
  'board-tipped',
  'touch-move',
  'notice',
  // Taking moves back is the players' choice, made in view: never inferred.
  'takeback',
]);
/** ...except a game that ends because the side to move has no move left after a legal one. */
const illegal = (v: Verdict): boolean => NOT_LEGAL.has(v.type) && !(v.type === 'forfeit' && v.reason === 'no-move');

type Step = { readonly kind: 'lifted' | 'placed'; readonly cell: number };

/** Every order of `events` in which each placement on `capturedAt` comes after its lift. */
function orders(events: readonly Step[], capturedAt: number | undefined): Step[][] {
  if (events.length === 0) return [[]];
  const out: Step[][] = [];
  const seen = new Set<string>();
  const go = (rest: readonly Step[], acc: Step[]): void => {
    if (rest.length === 0) {
      const key = acc.map((e) => `${e.kind[0]}${e.cell}`).join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push([...acc]);
      }
      return;
    }
    rest.forEach((e, i) => {
      if (e.kind === 'placed' && e.cell === capturedAt && !acc.some((a) => a.kind === 'lifted' && a.cell === capturedAt)) return;
      go([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, e]);
    });
  };
  go(events, []);
  return out;
}

/**
 * The legal explanations of finding `occupied` when the referee's account is `state`, judged
 * at `atMs`. `outcome`: a key that is equal for two states exactly when the game stands the
 * same in both (position, side to move, what is in hand).
 */
export function explainUnheard<S extends UnheardView>(
  state: S,
  occupied: readonly number[],
  atMs: number,
  step: (s: S, input: RefereeInput) => RefereeStep<S>,
  outcome: (s: S) => string,
): UnheardExplanation<S> {
  const cells = state.onBoard.length;
  const sensed = new Set(occupied.filter((c) => c >= 0 && c < cells));
  const full = (c: number): boolean => (state.onBoard[c] ?? 0) !== 0;
  const emptied: number[] = [];
  const filled: number[] = [];
  for (let c = 0; c < cells; c++) {
    if (full(c) && !sensed.has(c)) emptied.push(c);
    if (!full(c) && sensed.has(c)) filled.push(c);
  }
  const changes = emptied.length + filled.length;
  if (changes > MAX_CHANGES) return { kind: 'unexplained', ways: 0 };
  // A capture leaves its well occupied: the captured piece lifted, the capturer placed there.
  // It needs a capturer off its well (in hand, or among the emptied) and room for two more steps.
  const canCapture = (state.hand.length > 0 || emptied.length > 0) && changes + 2 <= MAX_CHANGES + 1;
  if (changes === 0 && !canCapture) return { kind: 'nothing' };
  const both = canCapture ? Array.from({ length: cells }, (_, c) => c).filter((c) => full(c) && sensed.has(c)) : [];
  const capturable = [undefined, ...both];
  const outcomes = new Map<string, { state: S; verdicts: Verdict[]; changed: boolean }>();
  for (const capturedAt of capturable) {
    const events: Step[] = [
      ...emptied.map((cell) => ({ kind: 'lifted' as const, cell })),
      ...(capturedAt === undefined ? [] : [{ kind: 'lifted' as const, cell: capturedAt }]),
      ...filled.map((cell) => ({ kind: 'placed' as const, cell })),
      ...(capturedAt === undefined ? [] : [{ kind: 'placed' as const, cell: capturedAt }]),
    ];
    for (const order of orders(events, capturedAt)) {
      const tried = tryWay(state, order, atMs, step, sensed);
      if (!tried) continue;
      const key = outcome(tried.state);
      if (!outcomes.has(key)) outcomes.set(key, { ...tried, changed: order.length > 0 });
    }
  }
  if (outcomes.size !== 1) return { kind: 'unexplained', ways: outcomes.size };
  const only = [...outcomes.values()][0]!;
  if (!only.changed) return { kind: 'nothing' };
  return { kind: 'explained', state: only.state, verdicts: only.verdicts };
}

/** Plays one way through the reducer; undefined when it is not legal or does not end as sensed. */
function tryWay<S extends UnheardView>(
  start: S,
  way: readonly Step[],
  atMs: number,
  step: (s: S, input: RefereeInput) => RefereeStep<S>,
  sensed: ReadonlySet<number>,
): { state: S; verdicts: Verdict[] } | undefined {
  let state = start;
  const verdicts: Verdict[] = [];
  for (const e of way) {
    const r = step(state, { type: e.kind, well: e.cell, atMs });
    if (r.verdicts.some(illegal)) return undefined;
    state = r.state;
    verdicts.push(...r.verdicts);
  }
  for (let c = 0; c < state.onBoard.length; c++) if (((state.onBoard[c] ?? 0) !== 0) !== sensed.has(c)) return undefined;
  return { state, verdicts };
}

/** Seconds the board was not heard, for messages: `2.1 s`. */
export const unheardFor = (sinceMs: number, atMs: number): string => `${(Math.max(0, atMs - sinceMs) / 1000).toFixed(1)} s`;

/** Why the board must be put back after it was not heard, in words (`ways` from an unexplained search). */
export function unheardMessage(sinceMs: number, atMs: number, ways: number): string {
  const heard = `the board was not heard for ${unheardFor(sinceMs, atMs)}`;
  if (ways >= 2)
    return `${heard}, and what it shows now can be ${ways} different things (a capture looks like a lift): put it back as the game stood`;
  return `${heard}, and what changed meanwhile is no legal move: put it back as the game stood`;
}

/** The explanation's verdicts as said: a move inferred from the board found is marked so. */
export const markUnheard = (verdicts: readonly Verdict[]): Verdict[] =>
  verdicts.map((v) => (v.type === 'move' ? { ...v, unheard: true as const } : v));

/** What the referee makes of the board found at a snapshot: taken (nothing more to do), or what to say as it resyncs. */
export type UnheardJudgement<S> =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'explained'; readonly state: S; readonly verdicts: readonly Verdict[] }
  /** `why`: what to say with the resync (undefined: the board was heard all along). */
  | { readonly kind: 'resync'; readonly why: string | undefined };

/**
 * A board snapshot judged for what was not heard before it. `searchable`: the game is in play
 * in a state the search can play through (no crash or capture pending, the same tilt); then
 * the rules say what happened. A standing foul may have been put right and the move made
 * meanwhile, which leaves the board as the foul did: it must be put back as the game stood.
 */
export function judgeUnheard<S extends UnheardView>(
  state: S,
  phase: string,
  seen: readonly number[],
  atMs: number,
  unheardSinceMs: number | undefined,
  searchable: boolean,
  step: (s: S, input: RefereeInput) => RefereeStep<S>,
  outcome: (s: S) => string,
): UnheardJudgement<S> {
  if (unheardSinceMs === undefined) return { kind: 'resync', why: undefined };
  if (phase === 'play' && searchable) {
    const found = explainUnheard(state, seen, atMs, step, outcome);
    if (found.kind === 'unexplained') return { kind: 'resync', why: unheardMessage(unheardSinceMs, atMs, found.ways) };
    return found.kind === 'explained' ? { ...found, verdicts: markUnheard(found.verdicts) } : found;
  }
  const heard = `the board was not heard for ${unheardFor(unheardSinceMs, atMs)}`;
  return {
    kind: 'resync',
    why:
      phase === 'foul'
        ? `${heard} while a foul stood (it may have been put right and the move made meanwhile): put it back as the game stood`
        : heard,
  };
}
