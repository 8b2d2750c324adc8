/**
 * The lights' state at a moment, as lit wells: what the board's LEDs (and the dashboard's
 * drawing of them) show. One thing is said at a time where two would confuse: an alarm
 * flashes every well; a board to put right shows only the wells to put right; otherwise the
 * last move, a suggested move and the piece in hand with its destinations, the later over
 * the earlier on a well they share.
 */
import type { LightRole } from './colours.ts';
import { ALARM_FLASH, alarmActive, type LightsState } from './plan.ts';

export interface LightsOptions {
  /** Light the piece in hand and its legal destinations (casual play's help; off under the tournament policy by default). */
  readonly destinations: boolean;
}

export interface LightsPicture {
  /** Every well of the board in this role (an alarm's flash on). */
  readonly all?: LightRole;
  /** The wells lit, by name. */
  readonly wells: ReadonlyMap<string, LightRole>;
}

const DARK: LightsPicture = { wells: new Map() };

export function lightsPicture(s: LightsState, nowMs: number, o: LightsOptions): LightsPicture {
  if (alarmActive(s.alarm, nowMs)) {
    const on = Math.floor((nowMs - s.alarm.sinceMs) / (ALARM_FLASH.periodMs / 2)) % 2 === 0;
    return on ? { all: s.alarm.kind, wells: new Map() } : DARK;
  }
  const wells = new Map<string, LightRole>();
  const pending = s.restore.filter((r) => !r.done);
  if (pending.length > 0) {
    for (const r of pending) wells.set(r.well, r.want === 'piece' ? 'restore' : 'remove');
    return { wells };
  }
  for (const w of s.lastMove ?? []) wells.set(w, 'last-move');
  const g = s.suggestion;
  if (g) {
    wells.set(g.move.to, g.move.capture && !g.taken ? 'capture' : 'destination');
    if (!g.lifted) wells.set(g.move.from, 'lift');
  }
  if (s.lift && o.destinations) {
    // Carrying out the computer's move, the person is shown its destination alone, not every legal one.
    if (!g?.binding) for (const w of s.lift.destinations) wells.set(w, 'destination');
    wells.set(s.lift.well, 'lift');
  }
  return { wells };
}

/** When the picture changes next with no verdict or input (an alarm's flash), or undefined when it holds still. */
export function nextLightsChangeMs(s: LightsState, nowMs: number): number | undefined {
  if (!alarmActive(s.alarm, nowMs)) return undefined;
  const half = ALARM_FLASH.periodMs / 2;
  const next = s.alarm.sinceMs + (Math.floor((nowMs - s.alarm.sinceMs) / half) + 1) * half;
  return Math.min(next, s.alarm.sinceMs + ALARM_FLASH.durationMs);
}
