/**
 * The frame as the scoring board's three MAX7219 chips see it (hardware/scoreboard/README.md):
 * U3's eight digit registers (one bit per LED, johnny-five's `0x80 >> col`), and the text of
 * each 8-digit display (U1 = player A, U2 = player B: points left, games right). Pure.
 */
import type { ByPlayer } from '../../rules/match/track.ts';
import type { Lamp, ScoreboardFrame } from './picture.ts';

/** Holes 0..13 fit (segments A/B for 0–6, C/D for 7–13); a longer track needs another chip. */
export const MAX_LED_TRACK_LENGTH = 13;
export const LAMP_ROW = 7;
export const LAMP_COLUMN: { readonly [L in Lamp]: number } = { white: 1, black: 2, foul: 3, crash: 4 };

/** The matrix (row, col) of a player's light in hole h. */
export function holeLed(hole: number, player: 'A' | 'B'): { row: number; col: number } {
  return { row: hole % 7, col: (player === 'A' ? 1 : 2) + 2 * Math.floor(hole / 7) };
}

export const ledBit = (col: number): number => 0x80 >> col;

export interface LedImage {
  /** U3 digit registers DIG0..DIG7, one byte each. */
  readonly trackRows: readonly number[];
  /** 8 characters per display, left to right, as Led.Digits prints them. */
  readonly digits: ByPlayer<string>;
}

/**
 * "P  3G  1": P and up to three digits of points, then G and up to three digits of games
 * won, or C and the count of pieces in play.
 */
export function digitText(points: number, count: number, counts: 'games' | 'pieces' = 'games'): string {
  const field = (n: number) => String(Math.min(999, n)).padStart(3, ' ');
  return `P${field(points)}${counts === 'pieces' ? 'C' : 'G'}${field(count)}`;
}

export function ledImage(frame: ScoreboardFrame): LedImage {
  if (frame.trackLength > MAX_LED_TRACK_LENGTH)
    throw new RangeError(`the LED track has holes 0..${MAX_LED_TRACK_LENGTH}; N = ${frame.trackLength} does not fit`);
  const rows = Array.from({ length: 8 }, () => 0);
  frame.holes.forEach((lit, hole) => {
    for (const p of ['A', 'B'] as const) {
      if (!lit[p]) continue;
      const { row, col } = holeLed(hole, p);
      rows[row]! |= ledBit(col);
    }
  });
  for (const lamp of Object.keys(LAMP_COLUMN) as Lamp[]) if (frame.lamps[lamp]) rows[LAMP_ROW]! |= ledBit(LAMP_COLUMN[lamp]);
  return {
    trackRows: rows,
    digits: {
      A: digitText(frame.digits.A.points, frame.digits.A.count, frame.counts),
      B: digitText(frame.digits.B.points, frame.digits.B.count, frame.counts),
    },
  };
}
