/**
 * What a board's LEDs show, as `well:role` strings (`e1:restore`), for tests that read the
 * LEDs themselves: the simulated firmware's, the WS2812 strip of the real firmware in simavr,
 * or the LED commands a journal holds, played back.
 */
import { pointName } from '../../src/board/grid.ts';
import type { HardwareProfile } from '../../src/board/profile.ts';
import { parseHostLine } from '../../src/protocol/index.ts';
import { LIGHT_COLOURS, LIGHT_ROLES } from '../../src/presentation/lights/colours.ts';

const roleOf = (rgb: number): string => LIGHT_ROLES.find((r) => LIGHT_COLOURS[r] === rgb) ?? rgb.toString(16).padStart(6, '0');

/** The lit LEDs (0xRRGGBB each, LED i under cell i) as `well:role`, sorted. */
export function litWells(colours: ArrayLike<number>, hardware: HardwareProfile): string[] {
  const lit: string[] = [];
  for (let led = 0; led < colours.length; led++) {
    const rgb = colours[led] ?? 0;
    const point = hardware.cells.points[led];
    if (rgb !== 0 && point !== undefined) lit.push(`${pointName(hardware.grid, point)}:${roleOf(rgb)}`);
  }
  return lit.sort();
}

/** The LED commands among the host's lines (`LED 0007 41 FF8000*B0DE`...), played on a strip of `count` dark LEDs. */
export function playLedLines(lines: readonly string[], count: number): number[] {
  const leds = new Array<number>(count).fill(0);
  for (const line of lines) {
    const c = parseHostLine(line);
    if (!c.ok) continue;
    if (c.value.type === 'led') leds[c.value.well] = c.value.rgb;
    else if (c.value.type === 'ledall' || c.value.type === 'ledclr') leds.fill(c.value.type === 'ledall' ? c.value.rgb : 0);
  }
  return leds;
}

/** Whether a host line is an LED command. */
export const isLedLine = (line: string): boolean => /^LED(ALL|CLR)? /.test(line);
