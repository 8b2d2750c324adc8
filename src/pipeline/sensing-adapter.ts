/** The referee hears only the physical events that matter to the rules; the rest stays with monitors. */
import type { Cell, RefereeInput } from '../referee/inputs.ts';
import type { SensorFaultKind } from '../referee/sensor-faults.ts';
import type { SensingEvent, SensorFault } from '../sensing/events.ts';

/** Where a load cell is: the point it weighs, or the pivot cell's name. */
export type CellPlace = { readonly well: Cell } | { readonly pivot: string } | Record<string, never>;

// Sensing's fault kinds are the referee's, word for word.
const sameKinds: SensorFault extends SensorFaultKind ? (SensorFaultKind extends SensorFault ? true : never) : never = true;
void sameKinds;

/** `place`: where each cell is (sensor faults name the cell's point or pivot). */
export function refereeInputOf(e: SensingEvent, offsetMs = 0, place: (cell: number) => CellPlace = () => ({})): RefereeInput | undefined {
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
    case 'sensor-fault':
      return {
        type: 'sensor',
        phase: 'start',
        fault: e.fault,
        cell: e.cell,
        ...place(e.cell),
        ...(e.offsetG !== undefined ? { offsetG: Math.round(e.offsetG * 10) / 10 } : {}),
        atMs,
      };
    case 'sensor-fault-cleared':
      return { type: 'sensor', phase: 'end', fault: e.fault, cell: e.cell, ...place(e.cell), atMs };
    default:
      return undefined;
  }
}

/** Sensor faults reach the referee even while sensing settles after a (re)start: the match record has them all. */
export const isSensorFaultEvent = (e: SensingEvent): boolean => e.type === 'sensor-fault' || e.type === 'sensor-fault-cleared';
