/**
 * The avrdude command lines a builder flashes with:
 * - the referee firmware onto a Mega 2560 through its stk500v2 bootloader
 *   (hardware/firmware/README.md "Flash"): -D leaves the erase to the bootloader, EEPROM is
 *   not touched, so the board id survives reflashing;
 * - StandardFirmata onto the scoring board's Uno through its optiboot (arduino protocol),
 *   hardware/scoreboard/README.md.
 */
import { REPO_ROOT, standardFirmataHexPath } from './paths.ts';

export const FLASH_TARGETS = ['referee', 'scoreboard'] as const;
export type FlashTarget = (typeof FLASH_TARGETS)[number];

export interface FlashOptions {
  readonly port: string;
  /** The referee board's Mega (default) or the scoring board's Uno. */
  readonly target?: FlashTarget;
  /** The .hex to write (default the Senryaku build, or StandardFirmata for the scoring board). */
  readonly hex?: string;
  /** Bootloader baud (default 115200, the Mega 2560's and the Uno's). */
  readonly baud?: number;
}

export const defaultHexPath = (board = 'senryaku'): string => `${REPO_ROOT}hardware/firmware/build/${board}-referee.hex`;

const PROGRAMMER: Record<FlashTarget, { readonly programmer: string; readonly part: string }> = {
  referee: { programmer: 'wiring', part: 'm2560' },
  scoreboard: { programmer: 'arduino', part: 'm328p' },
};

export function avrdudeArgs(options: FlashOptions): string[] {
  const target = options.target ?? 'referee';
  const hex = options.hex ?? (target === 'scoreboard' ? standardFirmataHexPath() : defaultHexPath());
  const { programmer, part } = PROGRAMMER[target];
  return ['-c', programmer, '-p', part, '-P', options.port, '-b', String(options.baud ?? 115_200), '-D', '-U', `flash:w:${hex}:i`];
}
