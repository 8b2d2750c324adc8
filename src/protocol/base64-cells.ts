/**
 * Cell readings in a FRAME: each HX711 reading (signed 24-bit) as its 3 bytes, most
 * significant first, in standard base64: exactly 4 characters per cell, no padding.
 */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { protocolError } from './errors.ts';
import type { ProtocolError } from './errors.ts';

export const CELL_MIN = -0x800000;
export const CELL_MAX = 0x7fffff;
export const CHARS_PER_CELL = 4;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Sextet by char code, -1 for a char outside the alphabet (a table: decoding is on every frame's path). */
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;

export const isCellValue = (v: number): boolean => Number.isInteger(v) && v >= CELL_MIN && v <= CELL_MAX;

/** Throws RangeError for a value outside 24 bits: that is a caller bug, not line noise. */
export const encodeCells = (cells: ArrayLike<number>): string => {
  let out = '';
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (!isCellValue(v)) throw new RangeError(`cell ${i} value ${v} is not a signed 24-bit integer`);
    const bits = v & 0xffffff;
    for (let shift = 18; shift >= 0; shift -= 6) out += ALPHABET[(bits >> shift) & 63];
  }
  return out;
};

export const decodeCells = (text: string, cellCount: number): Result<Int32Array, ProtocolError> => {
  if (text.length !== cellCount * CHARS_PER_CELL) {
    return err(protocolError('BADCOUNT', `expected ${cellCount} cells (${cellCount * CHARS_PER_CELL} chars), got ${text.length} chars`));
  }
  const cells = new Int32Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) {
    let bits = 0;
    for (let k = 0; k < CHARS_PER_CELL; k++) {
      const code = text.charCodeAt(cell * CHARS_PER_CELL + k);
      const sextet = code < 128 ? (SEXTET[code] as number) : -1;
      if (sextet < 0) return err(protocolError('BADB64', `cell ${cell}: "${text[cell * CHARS_PER_CELL + k]}" is not base64`));
      bits = (bits << 6) | sextet;
    }
    cells[cell] = (bits << 8) >> 8; // sign-extend 24 -> 32 bits
  }
  return ok(cells);
};
