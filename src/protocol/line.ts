/**
 * The line envelope: `<TYPE> <SEQ> [fields...]*<CRC>` (PROTOCOL.md section 2). Lines here
 * never include the `\r\n` terminator: the readline parser strips it on the way in and
 * the transport appends LINE_TERMINATOR on the way out.
 *
 * Non-ASCII input should arrive one char per byte (read the port as 'latin1'), so that
 * lengths here are byte counts.
 */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { crc16 } from './crc16.ts';
import { protocolError } from './errors.ts';
import type { ErrorCode, ProtocolError } from './errors.ts';
import { formatHex, formatSeq, parseHex, parseSeq } from './fields.ts';

export const PROTOCOL_VERSION = 1;
export const LINE_TERMINATOR = '\r\n';
/** Longest board -> host line, terminator included. */
export const MAX_BOARD_LINE = 255;
/** Longest host -> board line, terminator included. */
export const MAX_HOST_LINE = 64;

export const DIRECTIONS = ['board-to-host', 'host-to-board'] as const;
export type Direction = (typeof DIRECTIONS)[number];

const maxBody = (direction: Direction): number => (direction === 'board-to-host' ? MAX_BOARD_LINE : MAX_HOST_LINE) - LINE_TERMINATOR.length;

/** A line that passed steps 1-5 of the receive checks: its CRC and seq are good. */
export interface Envelope {
  readonly type: string;
  readonly seq: number;
  /** The fields after the sequence number, possibly empty strings. */
  readonly fields: readonly string[];
}

const fail = (code: ErrorCode, message: string): Result<never, ProtocolError> => err(protocolError(code, message));

const isPrintableAscii = (line: string): boolean => {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
};

/** Checks a received line's length, bytes, CRC and sequence number, in the spec's order. */
export const openLine = (line: string, direction: Direction): Result<Envelope, ProtocolError> => {
  if (line.length > maxBody(direction)) return fail('TOOLONG', `line of ${line.length} chars exceeds ${maxBody(direction)}`);
  if (!isPrintableAscii(line)) return fail('BADCHAR', 'line has a byte outside printable ASCII');
  const star = line.indexOf('*');
  if (star < 0) return fail('NOCRC', 'no "*" before the CRC');
  const body = line.slice(0, star);
  const crc = parseHex(line.slice(star + 1), 4);
  if (crc === undefined) return fail('NOCRC', 'CRC is not 4 uppercase hex digits');
  const actual = crc16(body);
  if (actual !== crc) return fail('BADCRC', `CRC ${formatHex(crc, 4)} but body gives ${formatHex(actual, 4)}`);
  const [type = '', seqField, ...fields] = body.split(' ');
  const seq = seqField === undefined ? undefined : parseSeq(seqField);
  if (seq === undefined) return fail('BADSEQ', 'sequence number missing or not 4 uppercase hex digits');
  return ok({ type, seq, fields });
};

/** Builds a line (without terminator) from its parts; the fields must already be encoded. */
export const sealLine = (type: string, seq: number, fields: readonly string[]): string => {
  if (!Number.isInteger(seq) || seq < 0 || seq > 0xffff) throw new RangeError(`sequence number ${seq} outside 0..FFFF`);
  const body = [type, formatSeq(seq), ...fields].join(' ');
  return `${body}*${formatHex(crc16(body), 4)}`;
};

/** For per-type parsers: check the field count (step 8). */
export const expectFieldCount = (env: Envelope, count: number): Result<readonly string[], ProtocolError> =>
  env.fields.length === count
    ? ok(env.fields)
    : fail('BADFIELDS', `${env.type} takes ${count} fields after the sequence number, got ${env.fields.length}`);
