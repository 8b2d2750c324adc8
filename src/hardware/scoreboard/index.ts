/**
 * The scoring board's display drivers: the LED board on an Uno (johnny-five over
 * StandardFirmata), the text picture for the terminal and web view, and the recording
 * double for tests, all behind ScoreboardDisplay. What they show is composed in
 * src/app/scoreboard from the verdicts.
 */
export type { ScoreboardDisplay } from './display.ts';
export { LAMPS, type Lamp, type ScoreboardFrame } from './picture.ts';
export { LedScoreboard, SCOREBOARD_PINS, type LedScoreboardOptions } from './led-scoreboard.ts';
export { VirtualScoreboard } from './virtual-scoreboard.ts';
export { findUno, UNO_USB_IDS, type SerialPortListing } from './find-uno.ts';
export { ledImage, digitText, holeLed, MAX_LED_TRACK_LENGTH, type LedImage } from './max7219-layout.ts';
export { textPicture } from './text-picture.ts';
export { firmataOver, firmataOverSerial, openSerialPort, type IoFactory, type PortOpener, type ScoreboardIo } from './scoreboard-io.ts';
