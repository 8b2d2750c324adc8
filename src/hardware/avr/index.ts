/**
 * The real referee firmware on a simulated ATmega2560 (hardware/simavr), opened by the host
 * through its pty like a USB board; and the scoring board's StandardFirmata Uno with its
 * MAX7219s, opened by johnny-five the same way.
 */
export { FirmwareBoard, FIRMWARE_BOARD_ERROR_CODES } from './firmware-board.ts';
export type { FirmwareBoardError, FirmwareBoardErrorCode, FirmwareBoardOptions } from './firmware-board.ts';
export { parseHarnessEvent, MAX7219_CHIPS, type Max7219Chip } from './harness-events.ts';
export { ScoreboardUno } from './scoreboard-uno.ts';
export { ensureStandardFirmata } from './standard-firmata.ts';
export type { Max7219Picture, ScoreboardUnoOptions } from './scoreboard-uno.ts';
export type { HarnessEvent, HarnessEventOf, HarnessEventType } from './harness-events.ts';
export { DEFAULT_HARNESS_PATH, REPO_ROOT, firmwareElfPath, standardFirmataHexPath } from './paths.ts';
export { avrdudeArgs, defaultHexPath } from './avrdude.ts';
export type { FlashOptions, FlashTarget } from './avrdude.ts';
