/**
 * Everything the board sends (PROTOCOL.md section 4): one parse and one format per
 * message type, plus parseBoardLine / formatBoardMessage that dispatch on the type.
 */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { isErrorCode, protocolError } from './errors.ts';
import type { ErrorCode, ProtocolError } from './errors.ts';
import { formatSeq, formatTilt, formatUint32, isUint, parseDecimal, parseSeq, parseTilt, parseUint32 } from './fields.ts';
import type { Tilt } from './fields.ts';
import { formatFrame, parseFrame } from './frame.ts';
import type { Frame } from './frame.ts';
import { formatHello, parseHello } from './hello.ts';
import type { Hello } from './hello.ts';
import { expectFieldCount, openLine, sealLine } from './line.ts';
import type { Envelope } from './line.ts';

export interface TiltEvent {
  readonly type: 'tilt';
  readonly seq: number;
  /** Board millis() when the debounced change was accepted. */
  readonly ms: number;
  readonly tilt: Tilt;
}

export interface Ack {
  readonly type: 'ack';
  readonly seq: number;
  /** The acknowledged command's id (= its sequence number). */
  readonly commandId: number;
}

export interface Nak {
  readonly type: 'nak';
  readonly seq: number;
  readonly commandId: number;
  readonly code: ErrorCode;
}

/** An ERR line: a problem the board reports unprompted. */
export interface ErrorReport {
  readonly type: 'error';
  readonly seq: number;
  readonly code: ErrorCode;
  /** 0..65535 (e.g. the cell index for SENSOR), or undefined for "-". */
  readonly arg: number | undefined;
}

export type BoardMessage = Hello | Frame | TiltEvent | Ack | Nak | ErrorReport;
export const BOARD_MESSAGE_TYPES = ['hello', 'frame', 'tilt', 'ack', 'nak', 'error'] as const;
export type BoardMessageType = (typeof BOARD_MESSAGE_TYPES)[number];

const WIRE_WORDS = { hello: 'HELLO', frame: 'FRAME', tilt: 'TILT', ack: 'ACK', nak: 'NAK', error: 'ERR' } as const satisfies Record<
  BoardMessageType,
  string
>;

const badArg = (what: string): Result<never, ProtocolError> => err(protocolError('BADARG', what));

/** A code the board may put in NAK / ERR: any known one (OK is not a code). */
const parseCode = (s: string): ErrorCode | undefined => (isErrorCode(s) ? s : undefined);

export const parseTiltEvent = (env: Envelope): Result<TiltEvent, ProtocolError> => {
  const fields = expectFieldCount(env, 2);
  if (!fields.ok) return fields;
  const ms = parseUint32(fields.value[0] ?? '');
  if (ms === undefined) return badArg('TILT: bad timestamp');
  const tilt = parseTilt(fields.value[1] ?? '');
  if (tilt === undefined) return badArg('TILT: bad tilt state');
  return ok({ type: 'tilt', seq: env.seq, ms, tilt });
};

export const formatTiltEvent = (t: TiltEvent): string => {
  if (!isUint(t.ms, 0xffffffff)) throw new RangeError('bad timestamp');
  return sealLine(WIRE_WORDS.tilt, t.seq, [formatUint32(t.ms), formatTilt(t.tilt)]);
};

export const parseAck = (env: Envelope): Result<Ack, ProtocolError> => {
  const fields = expectFieldCount(env, 1);
  if (!fields.ok) return fields;
  const commandId = parseSeq(fields.value[0] ?? '');
  if (commandId === undefined) return badArg('ACK: bad command id');
  return ok({ type: 'ack', seq: env.seq, commandId });
};

export const formatAck = (a: Ack): string => sealLine(WIRE_WORDS.ack, a.seq, [formatSeq(a.commandId)]);

export const parseNak = (env: Envelope): Result<Nak, ProtocolError> => {
  const fields = expectFieldCount(env, 2);
  if (!fields.ok) return fields;
  const commandId = parseSeq(fields.value[0] ?? '');
  if (commandId === undefined) return badArg('NAK: bad command id');
  const code = parseCode(fields.value[1] ?? '');
  if (code === undefined) return badArg('NAK: unknown error code');
  return ok({ type: 'nak', seq: env.seq, commandId, code });
};

export const formatNak = (n: Nak): string => sealLine(WIRE_WORDS.nak, n.seq, [formatSeq(n.commandId), n.code]);

export const parseErrorReport = (env: Envelope): Result<ErrorReport, ProtocolError> => {
  const fields = expectFieldCount(env, 2);
  if (!fields.ok) return fields;
  const code = parseCode(fields.value[0] ?? '');
  if (code === undefined) return badArg('ERR: unknown error code');
  const argField = fields.value[1] ?? '';
  const arg = argField === '-' ? undefined : parseDecimal(argField, 0xffff);
  if (arg === undefined && argField !== '-') return badArg('ERR: bad argument');
  return ok({ type: 'error', seq: env.seq, code, arg });
};

export const formatErrorReport = (e: ErrorReport): string => {
  if (e.arg !== undefined && !isUint(e.arg, 0xffff)) throw new RangeError('ERR argument outside 0..65535');
  return sealLine(WIRE_WORDS.error, e.seq, [e.code, e.arg === undefined ? '-' : String(e.arg)]);
};

export interface BoardLineOptions {
  /** Cells per frame: wells + pivots announced by the board's HELLO (44 on a Senryaku board). */
  readonly cellCount: number;
}

/** Parses one received line (without `\r\n`). Never throws. */
export const parseBoardLine = (line: string, options: BoardLineOptions): Result<BoardMessage, ProtocolError> => {
  const env = openLine(line, 'board-to-host');
  if (!env.ok) return env;
  switch (env.value.type) {
    case WIRE_WORDS.hello:
      return parseHello(env.value);
    case WIRE_WORDS.frame:
      return parseFrame(env.value, options.cellCount);
    case WIRE_WORDS.tilt:
      return parseTiltEvent(env.value);
    case WIRE_WORDS.ack:
      return parseAck(env.value);
    case WIRE_WORDS.nak:
      return parseNak(env.value);
    case WIRE_WORDS.error:
      return parseErrorReport(env.value);
    default:
      return err(protocolError('UNKNOWN', `unknown board message type "${env.value.type}"`));
  }
};

/** The line (without `\r\n`) for a message; throws RangeError on values the spec forbids. */
export const formatBoardMessage = (m: BoardMessage): string => {
  switch (m.type) {
    case 'hello':
      return formatHello(m);
    case 'frame':
      return formatFrame(m);
    case 'tilt':
      return formatTiltEvent(m);
    case 'ack':
      return formatAck(m);
    case 'nak':
      return formatNak(m);
    case 'error':
      return formatErrorReport(m);
  }
};
