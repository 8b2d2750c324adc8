/**
 * One picture of the scoring board, independent of the hardware: which marker lights in
 * which hole, which lamps are on, what the digits say. The model says where the markers
 * should be; the animator walks the shown markers there hole by hole and toggles the blink
 * phase; `composeFrame` turns those three into a picture. Pure.
 */
import type { ScoreboardFrame } from '../../hardware/scoreboard/picture.ts';
import { PLAYERS, markerHoles, type ByPlayer } from '../../rules/match/track.ts';
import type { ScoreboardState } from '../../presentation/scoreboard-model.ts';

export { LAMPS, type Lamp, type ScoreboardFrame } from '../../hardware/scoreboard/picture.ts';

/** What only time decides: where the markers are shown now and whether blinking lights are on. */
export interface AnimationPhase {
  readonly markers: ByPlayer<number>;
  readonly blinkOn: boolean;
}

/** The holes the markers belong in, by the track rule (A counts up from 0, B down from N). */
export function targetHoles(s: ScoreboardState): ByPlayer<number> {
  return markerHoles({ settings: { trackLength: s.trackLength, colours: 'alternate' }, points: s.points, gamesWon: s.games, games: [] });
}

/** One animation step: each marker one hole nearer its target. */
export function stepMarkers(shown: ByPlayer<number>, target: ByPlayer<number>): ByPlayer<number> {
  const step = (from: number, to: number) => from + Math.sign(to - from);
  return { A: step(shown.A, target.A), B: step(shown.B, target.B) };
}

export const sameHoles = (a: ByPlayer<number>, b: ByPlayer<number>): boolean => a.A === b.A && a.B === b.B;

/** Does anything blink in this state (so the animator needs its blink timer)? */
export const blinks = (s: ScoreboardState): boolean => s.foul || s.ending !== undefined || s.journalFault === true;

export function composeFrame(s: ScoreboardState, phase: AnimationPhase): ScoreboardFrame {
  const n = s.trackLength;
  const holes = Array.from({ length: n + 1 }, (_, h) => ({ A: phase.markers.A === h, B: phase.markers.B === h }));
  // The end patterns start once the markers have arrived, so the move is seen first.
  const arrived = sameHoles(phase.markers, targetHoles(s));
  if (s.ending && arrived) {
    const w = s.ending.winner;
    if (w === undefined) {
      // A draw: both markers blink in their holes.
      for (const p of PLAYERS) holes[phase.markers[p]]![p] = phase.blinkOn;
    } else if (s.ending.kind === 'game-over') {
      // The winner's marker blinks in its hole.
      holes[phase.markers[w]]![w] = phase.blinkOn;
    } else {
      // Match over: the whole track flashes in the winner's colour; the loser's marker stays.
      for (const hole of holes) hole[w] = phase.blinkOn;
    }
  }
  return {
    trackLength: n,
    holes,
    // A journal fault outranks the game's lamps: foul and crash blink in turn, a pattern play never shows.
    lamps: s.journalFault
      ? { white: s.turn === 'white', black: s.turn === 'black', foul: phase.blinkOn, crash: !phase.blinkOn }
      : { white: s.turn === 'white', black: s.turn === 'black', foul: s.foul && phase.blinkOn, crash: s.crash },
    // A game whose pieces in play count shows them; the others show games won.
    digits: {
      A: { points: s.points.A, count: s.inPlay ? s.inPlay.A : s.games.A },
      B: { points: s.points.B, count: s.inPlay ? s.inPlay.B : s.games.B },
    },
    counts: s.inPlay ? 'pieces' : 'games',
  };
}

export const framesEqual = (a: ScoreboardFrame, b: ScoreboardFrame): boolean => JSON.stringify(a) === JSON.stringify(b);
