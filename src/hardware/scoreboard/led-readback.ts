/**
 * The scoring board as its chips hold it, read back into the terminal's two lines
 * (text-picture.ts): which hole LEDs and lamps U3 lights, what U1 and U2 display. The
 * inverse of ledImage, for a board whose registers can be read (the simulated Uno). Pure.
 */
import { holeLed, LAMP_COLUMN, LAMP_ROW, ledBit, type LedImage } from './max7219-layout.ts';
import { LAMPS } from './picture.ts';
import { holeChar } from './text-picture.ts';

export function ledReadback(image: LedImage, trackLength: number): readonly [string, string] {
  const lit = (hole: number, player: 'A' | 'B'): boolean => {
    const { row, col } = holeLed(hole, player);
    return ((image.trackRows[row] ?? 0) & ledBit(col)) !== 0;
  };
  const holes = Array.from({ length: trackLength + 1 }, (_, h) => holeChar({ A: lit(h, 'A'), B: lit(h, 'B') }));
  const lamps = LAMPS.filter((l) => ((image.trackRows[LAMP_ROW] ?? 0) & ledBit(LAMP_COLUMN[l])) !== 0);
  return [`A [${holes.join(' ')}] B`, `A "${image.digits.A}" | B "${image.digits.B}" | ${lamps.length ? lamps.join(' ') : '-'}`];
}
