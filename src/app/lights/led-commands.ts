/**
 * The fewest LED commands that take the strip from what it shows to what is wanted: one `LED`
 * per LED that differs, or an `LEDALL` (`LEDCLR` for dark) of the commonest wanted colour
 * followed by one `LED` per LED that is not that colour, whichever is shorter. When what the
 * strip shows is not known (a new match, a reboot, a reconnect, a command that failed), the
 * whole picture is sent, beginning with `LEDALL`/`LEDCLR`.
 */
import type { LinkCommand } from '../../hardware/link/index.ts';

/** The link's LED commands (LEDCLR is one of its commands without arguments). */
export type LedCommand = Extract<LinkCommand, { type: 'led' | 'ledall' }> | { readonly type: 'ledclr' };

const fill = (rgb: number): LedCommand => (rgb === 0 ? { type: 'ledclr' } : { type: 'ledall', rgb });

export function ledCommands(shown: readonly number[] | undefined, wanted: readonly number[]): LedCommand[] {
  const tally = new Map<number, number>([[0, 0]]);
  for (const rgb of wanted) tally.set(rgb, (tally.get(rgb) ?? 0) + 1);
  // The commonest colour, dark on a tie: it is the cheaper fill (LEDCLR has no argument).
  const [base] = [...tally].reduce((best, next) => (next[1] > best[1] ? next : best));
  const filled = wanted.flatMap((rgb, well): LedCommand[] => (rgb === base ? [] : [{ type: 'led', well, rgb }]));
  if (shown === undefined || shown.length !== wanted.length) return [fill(base), ...filled];
  const each = wanted.flatMap((rgb, well): LedCommand[] => (rgb === shown[well] ? [] : [{ type: 'led', well, rgb }]));
  return each.length <= filled.length + 1 ? each : [fill(base), ...filled];
}

/** What the strip shows after a command it acknowledged. */
export function afterLedCommand(shown: readonly number[], c: LedCommand): number[] {
  if (c.type === 'led') return shown.map((rgb, i) => (i === c.well ? c.rgb : rgb));
  return shown.map(() => (c.type === 'ledall' ? c.rgb : 0));
}
