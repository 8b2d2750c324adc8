/**
 * The scoring board as two lines of ASCII, for the terminal view (and later the web page):
 *
 *   A [A . . * . . .] B      holes 0..N; A, B = that marker, * = both (amber), . = dark
 *   A P 3 G 1 | B P 2 G 0 | white foul
 *
 * The second line ends with the lit lamps (white, black, foul, crash) or "-". Pure.
 */
import { LAMPS, type ScoreboardFrame } from './picture.ts';

export function holeChar(lit: { readonly A: boolean; readonly B: boolean }): string {
  if (lit.A && lit.B) return '*';
  if (lit.A) return 'A';
  if (lit.B) return 'B';
  return '.';
}

export function textPicture(frame: ScoreboardFrame): readonly [string, string] {
  const track = `A [${frame.holes.map(holeChar).join(' ')}] B`;
  const { A, B } = frame.digits;
  const lamps = LAMPS.filter((l) => frame.lamps[l]);
  const label = frame.counts === 'pieces' ? 'in play' : 'G';
  const status = `A P ${A.points} ${label} ${A.count} | B P ${B.points} ${label} ${B.count} | ${lamps.length ? lamps.join(' ') : '-'}`;
  return [track, status];
}
