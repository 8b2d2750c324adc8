/** HELLO, the board's handshake (PROTOCOL.md section 4). */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { protocolError } from './errors.ts';
import type { ProtocolError } from './errors.ts';
import { formatTilt, formatUint32, isUint, parseDecimal, parseSampleRate, parseTilt, parseUint32, SAMPLE_RATES } from './fields.ts';
import type { SampleRate, Tilt } from './fields.ts';
import { expectFieldCount, PROTOCOL_VERSION, sealLine } from './line.ts';
import type { Envelope } from './line.ts';

/** Wells + pivots a v1 frame may carry. */
export const MAX_CELLS = 48;
/** A board id read from erased EEPROM: the id was never set. */
export const UNSET_BOARD_ID = 0xffffffff;
const FIRMWARE_VERSION = /^[0-9A-Za-z._+-]{1,16}$/;

export interface Hello {
  readonly type: 'hello';
  readonly seq: number;
  readonly protocolVersion: typeof PROTOCOL_VERSION;
  readonly firmwareVersion: string;
  readonly boardId: number;
  readonly bootId: number;
  readonly wellCells: number;
  readonly pivotCells: number;
  readonly sampleRateHz: SampleRate;
  /** Which tilt switches are fitted. */
  readonly tiltFitted: Tilt;
  readonly ledCount: number;
}

/** Cells in every frame of this board: wells first, then pivots. */
export const cellCountOf = (hello: Pick<Hello, 'wellCells' | 'pivotCells'>): number => hello.wellCells + hello.pivotCells;

const badArg = (what: string): Result<never, ProtocolError> => err(protocolError('BADARG', `HELLO: bad ${what}`));

export const parseHello = (env: Envelope): Result<Hello, ProtocolError> => {
  // The version goes first so that a later version with more fields is named as such.
  const version = parseDecimal(env.fields[0] ?? '', Number.MAX_SAFE_INTEGER);
  if (version !== undefined && version !== PROTOCOL_VERSION) {
    return err(protocolError('BADVERSION', `board speaks protocol ${version}, host speaks ${PROTOCOL_VERSION}`));
  }
  const fields = expectFieldCount(env, 9);
  if (!fields.ok) return fields;
  const [proto, fw, board, boot, wells, pivots, rate, tilts, leds] = fields.value;
  if (version === undefined) return badArg(`protocol version "${proto}"`);
  if (fw === undefined || !FIRMWARE_VERSION.test(fw)) return badArg('firmware version');
  const boardId = parseUint32(board ?? '');
  if (boardId === undefined) return badArg('board id');
  const bootId = parseUint32(boot ?? '');
  if (bootId === undefined) return badArg('boot id');
  const wellCells = parseDecimal(wells ?? '', MAX_CELLS);
  if (wellCells === undefined || wellCells === 0) return badArg('well cell count');
  const pivotCells = parseDecimal(pivots ?? '', MAX_CELLS - wellCells);
  if (pivotCells === undefined) return badArg('pivot cell count');
  const sampleRateHz = parseSampleRate(rate ?? '');
  if (sampleRateHz === undefined) return badArg('sample rate');
  const tiltFitted = parseTilt(tilts ?? '');
  if (tiltFitted === undefined) return badArg('tilt sensors');
  const ledCount = parseDecimal(leds ?? '', 255);
  if (ledCount === undefined) return badArg('LED count');
  return ok({
    type: 'hello',
    seq: env.seq,
    protocolVersion: PROTOCOL_VERSION,
    firmwareVersion: fw,
    boardId,
    bootId,
    wellCells,
    pivotCells,
    sampleRateHz,
    tiltFitted,
    ledCount,
  });
};

/** Throws RangeError on values the spec does not allow (a caller bug). */
export const formatHello = (h: Hello): string => {
  if (!FIRMWARE_VERSION.test(h.firmwareVersion)) throw new RangeError('bad firmware version');
  if (!isUint(h.boardId, 0xffffffff) || !isUint(h.bootId, 0xffffffff)) throw new RangeError('bad board or boot id');
  if (!isUint(h.wellCells, MAX_CELLS) || h.wellCells === 0 || !isUint(h.pivotCells, MAX_CELLS - h.wellCells)) {
    throw new RangeError('bad cell counts');
  }
  if (!SAMPLE_RATES.includes(h.sampleRateHz) || !isUint(h.ledCount, 255)) throw new RangeError('bad rate or LED count');
  return sealLine('HELLO', h.seq, [
    String(PROTOCOL_VERSION),
    h.firmwareVersion,
    formatUint32(h.boardId),
    formatUint32(h.bootId),
    String(h.wellCells),
    String(h.pivotCells),
    String(h.sampleRateHz),
    formatTilt(h.tiltFitted),
    String(h.ledCount),
  ]);
};
