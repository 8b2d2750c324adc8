/**
 * Senryaku board serial protocol v1 (firmware-protocol/PROTOCOL.md): pure codec, no I/O.
 * Lines in and out are without their `\r\n` terminator.
 */
export { crc16 } from './crc16.ts';
export { ERROR_CODES, isErrorCode, protocolError } from './errors.ts';
export type { ErrorCode, ProtocolError } from './errors.ts';
export { DEFAULT_SAMPLE_RATE, SAMPLE_RATES, TILT_SIDES } from './fields.ts';
export type { BySide, SampleRate, Tilt, TiltSide } from './fields.ts';
export { DIRECTIONS, LINE_TERMINATOR, MAX_BOARD_LINE, MAX_HOST_LINE, PROTOCOL_VERSION, openLine, sealLine } from './line.ts';
export type { Direction, Envelope } from './line.ts';
export { CELL_MAX, CELL_MIN, decodeCells, encodeCells } from './base64-cells.ts';
export { MAX_CELLS, UNSET_BOARD_ID, cellCountOf, formatHello, parseHello } from './hello.ts';
export type { Hello } from './hello.ts';
export { formatFrame, formatStaleMask, parseFrame, parseStaleMask } from './frame.ts';
export type { Frame } from './frame.ts';
export {
  BOARD_MESSAGE_TYPES,
  formatAck,
  formatBoardMessage,
  formatErrorReport,
  formatNak,
  formatTiltEvent,
  parseAck,
  parseBoardLine,
  parseErrorReport,
  parseNak,
  parseTiltEvent,
} from './board-messages.ts';
export type { Ack, BoardLineOptions, BoardMessage, BoardMessageType, ErrorReport, Nak, TiltEvent } from './board-messages.ts';
export {
  HOST_COMMAND_TYPES,
  formatHostCommand,
  parseHostLine,
  parseSetAllLeds,
  parseSetBoardId,
  parseSetRate,
  parseSetWellLed,
} from './host-commands.ts';
export type {
  HostCommand,
  HostCommandType,
  SetAllLedsCommand,
  SetBoardIdCommand,
  SetRateCommand,
  SetWellLedCommand,
  SimpleCommand,
} from './host-commands.ts';
export { SEQ_MODULUS, SequenceTracker, nextSeq, seqGap } from './sequence.ts';
export { BoardLineDecoder, type Decoded } from './decoder.ts';
