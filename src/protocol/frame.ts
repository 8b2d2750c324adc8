/** FRAME, one sample of every load cell (PROTOCOL.md section 4). */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { decodeCells, encodeCells } from './base64-cells.ts';
import { protocolError } from './errors.ts';
import type { ProtocolError } from './errors.ts';
import { formatTilt, formatUint32, isUint, parseTilt, parseUint32 } from './fields.ts';
import type { Tilt } from './fields.ts';
import { MAX_CELLS } from './hello.ts';
import { expectFieldCount, sealLine } from './line.ts';
import type { Envelope } from './line.ts';

export interface Frame {
  readonly type: 'frame';
  readonly seq: number;
  /** Board millis() when the period's sampling started (uint32, wraps). */
  readonly ms: number;
  /** Tilt switches closed now. */
  readonly tilt: Tilt;
  /** Indices of cells with no fresh reading this period, ascending; their values are meaningless. */
  readonly stale: readonly number[];
  /** Raw HX711 readings in cell-index order. */
  readonly cells: Int32Array;
}

const staleDigits = (cellCount: number): number => Math.ceil(cellCount / 4);

/** The stale mask: ceil(n/4) hex digits, most significant first, bit i = cell i. */
export const parseStaleMask = (s: string, cellCount: number): Result<readonly number[], ProtocolError> => {
  const width = staleDigits(cellCount);
  if (s.length !== width) return err(protocolError('BADCOUNT', `stale mask has ${s.length} digits, expected ${width}`));
  const stale: number[] = [];
  for (let k = width - 1; k >= 0; k--) {
    const nibble = parseInt(s[k] ?? '', 16);
    if (!/^[0-9A-F]$/.test(s[k] ?? '')) return err(protocolError('BADARG', 'stale mask is not uppercase hex'));
    const base = 4 * (width - 1 - k);
    for (let bit = 0; bit < 4; bit++) {
      if (!(nibble & (1 << bit))) continue;
      if (base + bit >= cellCount) return err(protocolError('BADARG', `stale bit ${base + bit} beyond ${cellCount} cells`));
      stale.push(base + bit);
    }
  }
  return ok(stale);
};

export const formatStaleMask = (stale: readonly number[], cellCount: number): string => {
  const nibbles = new Array<number>(staleDigits(cellCount)).fill(0);
  for (const cell of stale) {
    if (!isUint(cell, cellCount - 1)) throw new RangeError(`stale cell ${cell} outside 0..${cellCount - 1}`);
    const k = nibbles.length - 1 - Math.floor(cell / 4);
    nibbles[k] = (nibbles[k] ?? 0) | (1 << (cell % 4));
  }
  return nibbles.map((n) => n.toString(16).toUpperCase()).join('');
};

export const parseFrame = (env: Envelope, cellCount: number): Result<Frame, ProtocolError> => {
  const fields = expectFieldCount(env, 4);
  if (!fields.ok) return fields;
  const [msField = '', tiltField = '', staleField = '', cellsField = ''] = fields.value;
  const ms = parseUint32(msField);
  if (ms === undefined) return err(protocolError('BADARG', 'FRAME: bad timestamp'));
  const tilt = parseTilt(tiltField);
  if (tilt === undefined) return err(protocolError('BADARG', 'FRAME: bad tilt state'));
  const stale = parseStaleMask(staleField, cellCount);
  if (!stale.ok) return stale;
  const cells = decodeCells(cellsField, cellCount);
  if (!cells.ok) return cells;
  return ok({ type: 'frame', seq: env.seq, ms, tilt, stale: stale.value, cells: cells.value });
};

/** The cell count comes from the frame itself; throws RangeError on values the spec forbids. */
export const formatFrame = (f: Frame): string => {
  const n = f.cells.length;
  if (n === 0 || n > MAX_CELLS) throw new RangeError(`a frame carries 1..${MAX_CELLS} cells, not ${n}`);
  if (!isUint(f.ms, 0xffffffff)) throw new RangeError('bad timestamp');
  return sealLine('FRAME', f.seq, [formatUint32(f.ms), formatTilt(f.tilt), formatStaleMask(f.stale, n), encodeCells(f.cells)]);
};
