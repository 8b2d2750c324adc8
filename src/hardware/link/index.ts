/**
 * The serial link to a Senryaku board (protocol v1, host side). Everything above it uses
 * the BoardLink interface; see docs/link.md.
 */
export { LINK_STATES, COMMAND_FAILURE_CODES } from './board-link.ts';
export type {
  BoardLink,
  BoardLinkEvent,
  BoardLinkEvents,
  CommandDone,
  CommandFailure,
  CommandFailureCode,
  CommandResult,
  GapNotice,
  LinkCommand,
  LinkError,
  LinkState,
  LinkStateChange,
  Listener,
  RawLine,
  RebootNotice,
} from './board-link.ts';
export { BoundedLineParser } from './bounded-line-parser.ts';
export type { BoundedLineParserOptions } from './bounded-line-parser.ts';
export { emptyCounters } from './counters.ts';
export type { LinkCounters } from './counters.ts';
export { isNewerMs } from './frame-order.ts';
export { DEFAULT_LINK_TIMING } from './link-timing.ts';
export type { LinkTiming } from './link-timing.ts';
export { BOARD_BAUD, bindingPortOpener, findBoardPort } from './port-opener.ts';
export type { OpenedPort, PortOpener, PortOpenFailure, SerialBinding } from './port-opener.ts';
export { DIALOUT_HINT, PORT_CHECK_ERROR_CODES, checkPort, defaultSerialDevices, listSerialPorts, probeDevicePath } from './port-check.ts';
export type { AutoPort, PathProbe, PortCheckError, PortCheckErrorCode, SerialDevices } from './port-check.ts';
export { SerialBoardLink } from './serial-board-link.ts';
export type { SerialBoardLinkOptions } from './serial-board-link.ts';
export { ARDUINO_USB_IDS, ARDUINO_USB_ID_LIST, describePort, matchUsbId } from './usb-ids.ts';
export type { PortInfo, UsbId } from './usb-ids.ts';
export { LinkRecorder, RECORDING_FORMAT, RECORDING_VERSION, formatRecord, formatRecordingHeader, parseRecording } from './recording.ts';
export type { LinkRecorderOptions, Recording, RecordingHeader, RecordingProblem, RecordingRecord } from './recording.ts';
