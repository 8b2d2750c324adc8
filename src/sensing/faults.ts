/**
 * Sensor faults per cell, each with its clearing:
 *   stuck     — `stuckFrames` fresh readings in a row bit-identical (a live HX711 always
 *               shows a few counts of noise; 40 frames = 0.5 s); cleared by any change.
 *   saturated — `saturatedFrames` fresh readings in a row at the end of the 24-bit range;
 *               cleared after `saturatedClearFrames` in-range readings in a row.
 *   silent    — stale for `silentFrames` frames in a row (the board's own ERR SENSOR uses
 *               8); cleared by the next fresh reading.
 * A faulty cell's readings are withheld from the wells, roll and interference logic.
 */
import { RAW_MAX, RAW_MIN } from './calibration.ts';
import type { SensingConfig } from './config.ts';
import type { SensingEvent, SensorFault } from './events.ts';

export interface FaultBank {
  readonly lastRaw: Int32Array;
  readonly hasRaw: Uint8Array;
  readonly sameRun: Uint16Array;
  readonly satRun: Uint16Array;
  readonly okRun: Uint16Array;
  readonly staleRun: Uint16Array;
  readonly stuck: Uint8Array;
  readonly saturated: Uint8Array;
  readonly silent: Uint8Array;
}

export function createFaultBank(cells: number): FaultBank {
  return {
    lastRaw: new Int32Array(cells),
    hasRaw: new Uint8Array(cells),
    sameRun: new Uint16Array(cells),
    satRun: new Uint16Array(cells),
    okRun: new Uint16Array(cells),
    staleRun: new Uint16Array(cells),
    stuck: new Uint8Array(cells),
    saturated: new Uint8Array(cells),
    silent: new Uint8Array(cells),
  };
}

export const isFaulty = (f: FaultBank, cell: number): boolean =>
  (f.stuck[cell] ?? 0) + (f.saturated[cell] ?? 0) + (f.silent[cell] ?? 0) > 0;

const cap = (n: number): number => (n < 65535 ? n + 1 : n);

/** Sets or clears a fault flag, with its event when it changes. (Module level: no closure per cell and frame.) */
function setFlag(events: SensingEvent[], atMs: number, cell: number, fault: SensorFault, flags: Uint8Array, on: boolean): void {
  if (on === (flags[cell] === 1)) return;
  flags[cell] = on ? 1 : 0;
  events.push(on ? { type: 'sensor-fault', atMs, fault, cell } : { type: 'sensor-fault-cleared', atMs, fault, cell });
}

/** Updates one cell with this frame's reading (`stale` = no fresh reading); pushes fault events. */
export function checkCell(
  f: FaultBank,
  config: SensingConfig,
  cell: number,
  raw: number,
  stale: boolean,
  atMs: number,
  events: SensingEvent[],
): void {
  const o = config.options;
  if (stale) {
    f.staleRun[cell] = cap(f.staleRun[cell] ?? 0);
    if ((f.staleRun[cell] ?? 0) >= o.silentFrames) setFlag(events, atMs, cell, 'silent', f.silent, true);
    return;
  }
  f.staleRun[cell] = 0;
  setFlag(events, atMs, cell, 'silent', f.silent, false);

  // A cell pinned at the range end is saturated, not stuck.
  const same = f.hasRaw[cell] === 1 && f.lastRaw[cell] === raw && raw < RAW_MAX && raw > RAW_MIN;
  f.sameRun[cell] = same ? cap(f.sameRun[cell] ?? 0) : 0;
  f.lastRaw[cell] = raw;
  f.hasRaw[cell] = 1;
  // sameRun counts repeats, so N identical readings give N − 1.
  if ((f.sameRun[cell] ?? 0) + 1 >= o.stuckFrames) setFlag(events, atMs, cell, 'stuck', f.stuck, true);
  else if (!same) setFlag(events, atMs, cell, 'stuck', f.stuck, false);

  if (raw >= RAW_MAX || raw <= RAW_MIN) {
    f.okRun[cell] = 0;
    f.satRun[cell] = cap(f.satRun[cell] ?? 0);
    if ((f.satRun[cell] ?? 0) >= o.saturatedFrames) setFlag(events, atMs, cell, 'saturated', f.saturated, true);
  } else {
    f.satRun[cell] = 0;
    f.okRun[cell] = cap(f.okRun[cell] ?? 0);
    if ((f.okRun[cell] ?? 0) >= o.saturatedClearFrames) setFlag(events, atMs, cell, 'saturated', f.saturated, false);
  }
}
