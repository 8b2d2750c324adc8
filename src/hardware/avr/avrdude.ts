/**
 * The avrdude command line that flashes the referee firmware onto a Mega 2560 through its
 * stk500v2 bootloader (hardware/firmware/README.md "Flash"): -D leaves the erase to the
 * bootloader, EEPROM is not touched, so the board id survives reflashing.
 */
import { REPO_ROOT } from './paths.ts';

export interface FlashOptions {
  readonly port: string;
  /** The .hex to write (default the Senryaku build, hardware/firmware/build/senryaku-referee.hex). */
  readonly hex?: string;
  /** Bootloader baud (default 115200, the Mega 2560's). */
  readonly baud?: number;
}

export const defaultHexPath = (board = 'senryaku'): string => `${REPO_ROOT}hardware/firmware/build/${board}-referee.hex`;

export function avrdudeArgs(options: FlashOptions): string[] {
  return [
    '-c',
    'wiring',
    '-p',
    'm2560',
    '-P',
    options.port,
    '-b',
    String(options.baud ?? 115_200),
    '-D',
    '-U',
    `flash:w:${options.hex ?? defaultHexPath()}:i`,
  ];
}
