/**
 * The real referee firmware on a simulated ATmega2560 (hardware/simavr), opened by the host
 * through its pty like a USB board.
 */
export { FirmwareBoard, FIRMWARE_BOARD_ERROR_CODES } from './firmware-board.ts';
export type { FirmwareBoardError, FirmwareBoardErrorCode, FirmwareBoardOptions } from './firmware-board.ts';
export { parseHarnessEvent } from './harness-events.ts';
export type { HarnessEvent, HarnessEventOf, HarnessEventType } from './harness-events.ts';
export { DEFAULT_HARNESS_PATH, FIRMWARE_BUILD_SCRIPT, HARNESS_BUILD_SCRIPT, REPO_ROOT, firmwareElfPath } from './paths.ts';
export { describeTiming, measureFirmwareTiming, spreadOf } from './measure-timing.ts';
export type { FirmwareTiming, Spread } from './measure-timing.ts';
export { avrdudeArgs, defaultHexPath } from './avrdude.ts';
export type { FlashOptions } from './avrdude.ts';
