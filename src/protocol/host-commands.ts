/**
 * Everything the host sends (PROTOCOL.md section 5). A command's sequence number is its
 * command id: the board's ACK / NAK repeat it. The board decodes these lines with
 * hardware/firmware/src/protocol.cpp; parseHostLine exists for tests, simulators and
 * a fake board.
 */
import { err, ok } from '../util/result.ts';
import type { Result } from '../util/result.ts';
import { protocolError } from './errors.ts';
import type { ProtocolError } from './errors.ts';
import { formatRgb, formatUint32, isUint, parseDecimal, parseRgb, parseSampleRate, parseUint32, SAMPLE_RATES } from './fields.ts';
import type { SampleRate } from './fields.ts';
import { MAX_CELLS, UNSET_BOARD_ID } from './hello.ts';
import { expectFieldCount, openLine, sealLine } from './line.ts';
import type { Envelope } from './line.ts';

export const HOST_COMMAND_TYPES = ['ping', 'hello', 'start', 'stop', 'rate', 'setid', 'led', 'ledall', 'ledclr', 'cellrst'] as const;
export type HostCommandType = (typeof HOST_COMMAND_TYPES)[number];

/** Commands without arguments. */
export interface SimpleCommand {
  readonly type: 'ping' | 'hello' | 'start' | 'stop' | 'ledclr' | 'cellrst';
  readonly seq: number;
}
export interface SetRateCommand {
  readonly type: 'rate';
  readonly seq: number;
  readonly hz: SampleRate;
}
export interface SetBoardIdCommand {
  readonly type: 'setid';
  readonly seq: number;
  /** 0..0xFFFFFFFE; 0xFFFFFFFF means "unset" and cannot be written. */
  readonly boardId: number;
}
export interface SetWellLedCommand {
  readonly type: 'led';
  readonly seq: number;
  /** Well cell index 0..47 (the board NAKs indices at or above its LED count). */
  readonly well: number;
  /** 0xRRGGBB */
  readonly rgb: number;
}
export interface SetAllLedsCommand {
  readonly type: 'ledall';
  readonly seq: number;
  readonly rgb: number;
}

export type HostCommand = SimpleCommand | SetRateCommand | SetBoardIdCommand | SetWellLedCommand | SetAllLedsCommand;

/** Wire word = the type in uppercase; the number of fields after the sequence number. */
const FIELD_COUNT = {
  ping: 0,
  hello: 0,
  start: 0,
  stop: 0,
  rate: 1,
  setid: 1,
  led: 2,
  ledall: 1,
  ledclr: 0,
  cellrst: 0,
} as const satisfies Record<HostCommandType, number>;

const wireWord = (type: HostCommandType): string => type.toUpperCase();

const commandTypeOf = (word: string): HostCommandType | undefined => HOST_COMMAND_TYPES.find((t) => wireWord(t) === word);

const badArg = (what: string): Result<never, ProtocolError> => err(protocolError('BADARG', what));

export const parseSetRate = (env: Envelope): Result<SetRateCommand, ProtocolError> => {
  const hz = parseSampleRate(env.fields[0] ?? '');
  return hz === undefined ? badArg(`RATE: allowed rates are ${SAMPLE_RATES.join(', ')}`) : ok({ type: 'rate', seq: env.seq, hz });
};

export const parseSetBoardId = (env: Envelope): Result<SetBoardIdCommand, ProtocolError> => {
  const boardId = parseUint32(env.fields[0] ?? '');
  return boardId === undefined || boardId === UNSET_BOARD_ID
    ? badArg('SETID: board id must be 8 uppercase hex digits, not FFFFFFFF')
    : ok({ type: 'setid', seq: env.seq, boardId });
};

export const parseSetWellLed = (env: Envelope): Result<SetWellLedCommand, ProtocolError> => {
  const well = parseDecimal(env.fields[0] ?? '', MAX_CELLS - 1);
  if (well === undefined) return badArg('LED: bad well index');
  const rgb = parseRgb(env.fields[1] ?? '');
  if (rgb === undefined) return badArg('LED: bad colour');
  return ok({ type: 'led', seq: env.seq, well, rgb });
};

export const parseSetAllLeds = (env: Envelope): Result<SetAllLedsCommand, ProtocolError> => {
  const rgb = parseRgb(env.fields[0] ?? '');
  return rgb === undefined ? badArg('LEDALL: bad colour') : ok({ type: 'ledall', seq: env.seq, rgb });
};

/** Parses one host -> board line (without `\r\n`), as the board does. Never throws. */
export const parseHostLine = (line: string): Result<HostCommand, ProtocolError> => {
  const env = openLine(line, 'host-to-board');
  if (!env.ok) return env;
  const type = commandTypeOf(env.value.type);
  if (type === undefined) return err(protocolError('UNKNOWN', `unknown command "${env.value.type}"`));
  const fields = expectFieldCount(env.value, FIELD_COUNT[type]);
  if (!fields.ok) return fields;
  switch (type) {
    case 'rate':
      return parseSetRate(env.value);
    case 'setid':
      return parseSetBoardId(env.value);
    case 'led':
      return parseSetWellLed(env.value);
    case 'ledall':
      return parseSetAllLeds(env.value);
    default:
      return ok({ type, seq: env.value.seq });
  }
};

const checkRgb = (rgb: number): string => {
  if (!isUint(rgb, 0xffffff)) throw new RangeError(`colour ${rgb} outside 0..0xFFFFFF`);
  return formatRgb(rgb);
};

/** The line (without `\r\n`) for a command; throws RangeError on values the spec forbids. */
export const formatHostCommand = (c: HostCommand): string => {
  const word = wireWord(c.type);
  switch (c.type) {
    case 'rate':
      if (!SAMPLE_RATES.includes(c.hz)) throw new RangeError(`rate ${c.hz} not one of ${SAMPLE_RATES.join(', ')}`);
      return sealLine(word, c.seq, [String(c.hz)]);
    case 'setid':
      if (!isUint(c.boardId, UNSET_BOARD_ID - 1)) throw new RangeError(`board id ${c.boardId} not settable`);
      return sealLine(word, c.seq, [formatUint32(c.boardId)]);
    case 'led':
      if (!isUint(c.well, MAX_CELLS - 1)) throw new RangeError(`well ${c.well} outside 0..${MAX_CELLS - 1}`);
      return sealLine(word, c.seq, [String(c.well), checkRgb(c.rgb)]);
    case 'ledall':
      return sealLine(word, c.seq, [checkRgb(c.rgb)]);
    default:
      return sealLine(word, c.seq, []);
  }
};
