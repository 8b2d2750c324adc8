/**
 * Which LED lights which well: the LED index is the well's cell index (PROTOCOL.md, HELLO's
 * `leds`), so the board's cell map says it, and the board's HELLO says how many LEDs there
 * are. A well whose cell has no LED (fewer LEDs than cells) is simply never lit.
 */
import { parsePointName, pointName } from '../../board/grid.ts';
import type { HardwareProfile } from '../../board/profile.ts';
import { LIGHT_COLOURS } from '../../presentation/lights/colours.ts';
import type { LightsPicture } from '../../presentation/lights/picture.ts';

export interface LedMap {
  /** LEDs on the strip. */
  readonly count: number;
  /** The well named `well`'s LED, or undefined when it has none. */
  ledOf(well: string): number | undefined;
  /** The LEDs under a well (an alarm lights them all). */
  readonly wellLeds: readonly number[];
  /** The well over each LED, by LED index. */
  readonly wellOf: readonly (string | undefined)[];
}

export function ledMapOf(hardware: HardwareProfile, ledCount: number): LedMap {
  const points = hardware.cells.points;
  const count = Math.max(0, Math.min(ledCount, points.length));
  const byName = new Map<string, number>();
  for (let led = 0; led < count; led++) byName.set(pointName(hardware.grid, points[led]!), led);
  return {
    count,
    ledOf: (well) => (parsePointName(hardware.grid, well) === undefined ? undefined : byName.get(well)),
    wellLeds: [...byName.values()],
    wellOf: Array.from({ length: count }, (_, led) => pointName(hardware.grid, points[led]!)),
  };
}

/** The lit LEDs by their wells' names: what the dashboard draws. */
export function litWellsOf(colours: readonly number[], map: LedMap): Record<string, number> {
  const lit: Record<string, number> = {};
  colours.forEach((rgb, led) => {
    const well = map.wellOf[led];
    if (rgb !== 0 && well !== undefined) lit[well] = rgb;
  });
  return lit;
}

/** The colour of every LED (0xRRGGBB, 0 off) for a picture. */
export function ledColoursOf(picture: LightsPicture, map: LedMap): number[] {
  const colours = new Array<number>(map.count).fill(0);
  if (picture.all) for (const led of map.wellLeds) colours[led] = LIGHT_COLOURS[picture.all];
  for (const [well, role] of picture.wells) {
    const led = map.ledOf(well);
    if (led !== undefined) colours[led] = LIGHT_COLOURS[role];
  }
  return colours;
}
