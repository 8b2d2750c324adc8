/** The referee hears only the physical events that matter to the rules; the rest stays with monitors. */
import type { RefereeInput } from '../referee/inputs.ts';
import type { SensingEvent } from '../sensing/events.ts';

export function refereeInputOf(e: SensingEvent, offsetMs = 0): RefereeInput | undefined {
  const atMs = e.atMs + offsetMs;
  switch (e.type) {
    case 'sphere-lifted':
      return { type: 'lifted', well: e.well, atMs };
    case 'sphere-placed':
      return { type: 'placed', well: e.well, atMs };
    case 'sphere-rolled':
      return { type: 'rolled', from: e.from, to: e.to, atMs };
    case 'board-tipped':
      return { type: 'tipped', toward: e.toward, atMs };
    case 'board-levelled':
      return { type: 'levelled', atMs };
    case 'interference-started':
      return { type: 'interference', phase: 'start', atMs };
    case 'interference-ended':
      return { type: 'interference', phase: 'end', atMs };
    default:
      return undefined;
  }
}
