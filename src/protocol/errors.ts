import type { CodedError } from '../util/result.ts';

/**
 * Error codes of protocol v1 (PROTOCOL.md section 6). The same names are used by the
 * board in NAK / ERR lines and by the host parser, so a decode failure and a board
 * report can be logged and counted alike. Order matters to nobody; names are stable.
 */
export const ERROR_CODES = [
  'TOOLONG',
  'BADCHAR',
  'NOCRC',
  'BADCRC',
  'BADSEQ',
  'UNKNOWN',
  'BADFIELDS',
  'BADARG',
  'BADCOUNT',
  'BADB64',
  'BADVERSION',
  'NOLEDS',
  'EEPROM',
  'SENSOR',
  'OVERRUN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (s: string): s is ErrorCode => (ERROR_CODES as readonly string[]).includes(s);

export type ProtocolError = CodedError<ErrorCode>;

export const protocolError = (code: ErrorCode, message: string): ProtocolError => ({ code, message });
