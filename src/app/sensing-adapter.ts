/** The referee hears only the physical events that matter to the rules; the rest stays with monitors. */
import type { RefereeInput } from '../referee/inputs.ts';
import type { SensingEvent } from '../sensing/events.ts';

export function refereeInputOf(e: SensingEvent, offsetMs = 0): RefereeInput | undefined {
  const atMs = e.atMs + offsetMs;
  // When the action physically happened, if sensing knew it later.
  const since = e.sinceMs === undefined ? {} : { sinceMs: e.sinceMs + offsetMs };
  switch (e.type) {
    case 'sphere-lifted':
      return { type: 'lifted', well: e.well, atMs, ...since };
    case 'sphere-placed':
      return { type: 'placed', well: e.well, atMs, ...since };
    case 'sphere-rolled':
      return { type: 'rolled', from: e.from, to: e.to, atMs, ...since };
    case 'board-tipped':
      return { type: 'tipped', toward: e.toward, atMs };
    case 'board-levelled':
      return { type: 'levelled', atMs };
    case 'interference-started':
      return { type: 'interference', phase: 'start', atMs, ...since };
    case 'interference-ended':
      return { type: 'interference', phase: 'end', atMs, ...since };
    default:
      return undefined;
  }
}
