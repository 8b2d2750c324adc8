/**
 * Tilt switches → board-tipped / board-levelled. The board debounces them (10 ms), so a
 * change is reported as soon as it is seen, from a TILT line or from a FRAME's tilt field
 * (which also recovers a lost TILT line); seeing the same state twice reports nothing.
 */
import { TILT_SIDES, type Tilt } from '../protocol/fields.ts';
import type { SensingEvent } from './events.ts';

export interface TiltState {
  white: boolean;
  black: boolean;
}

export const createTiltState = (): TiltState => ({ white: false, black: false });

export function observeTilt(state: TiltState, tilt: Tilt, atMs: number, events: SensingEvent[]): void {
  for (const side of TILT_SIDES) {
    if (state[side] === tilt[side]) continue;
    state[side] = tilt[side];
    events.push(tilt[side] ? { type: 'board-tipped', atMs, toward: side } : { type: 'board-levelled', atMs, from: side });
  }
}
