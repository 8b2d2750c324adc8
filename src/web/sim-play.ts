/**
 * Playing in the browser on the simulated board: a page's clicks become hand actions on the
 * simulator's physics (lift, place, roll, press, a hand on the rim, holding the board). The
 * referee is not told anything: it sees only the load-cell frames these actions make, exactly
 * as with a real board. The interface is the narrow part of the SimBoard the page may use.
 */
import type { MatchSnapshot } from '../app/referee-app.ts';
import type { HeardVerdict, SimAction, SimHands } from './protocol.ts';

interface Outcome {
  readonly result: { readonly ok: true } | { readonly ok: false; readonly error: { readonly message: string } };
}
interface Timing {
  readonly afterMs?: number;
}
interface Lasting extends Timing {
  readonly durationMs: number;
  readonly blocking?: boolean;
}

/** What sim play needs of the simulated board (SimBoard has it). */
export interface SimPlayBoard {
  lift(well: string, options?: Timing): Promise<Outcome>;
  place(well: string, options?: Timing & { readonly kind?: string }): Promise<Outcome>;
  roll(from: string, to: string, options?: Timing): Promise<Outcome>;
  press(well: string, grams: number, options: Lasting): Promise<Outcome>;
  holdBoard(grams: number, options: Lasting & { readonly at?: { readonly x: number; readonly y: number } }): Promise<Outcome>;
  /** Every piece set out as `position` (in the game's notation) has them; hands and table emptied. */
  resetBoard(position: string): { readonly ok: true } | { readonly ok: false; readonly error: { readonly message: string } };
  snapshot(): {
    readonly board: string;
    readonly hand: readonly string[];
    readonly onTable: readonly string[];
    readonly tipped: string | undefined;
  };
  /** What its well LEDs show: each lit well by name, 0xRRGGBB. */
  litWells(): Readonly<Record<string, number>>;
}

export interface SimPlay {
  readonly board: SimPlayBoard;
  /** Centre-to-centre distance of two wells in the simulator's units (where a hand goes). */
  readonly pitch: number;
  /** Files of the grid (the side rim is half a pitch beyond the outer file). */
  readonly files: number;
}

/** A finger pressing on a well, and for how long. */
export const PRESS = { grams: 150, durationMs: 700 } as const;
/** A hand resting on the side rim briefly: well inside the referee's grace. */
export const RIM_REST = { grams: 300, durationMs: 500 } as const;
/** A hand holding the board down: past the grace, the side to move forfeits. */
export const HOLD = { grams: 400, durationMs: 3000 } as const;

const WELL = /^[a-z][1-9][0-9]?$/;

/** Checks a request body: the action, or a sentence saying what is wrong. */
export function parseSimAction(body: unknown): SimAction | string {
  if (typeof body !== 'object' || body === null) return 'the body is not a JSON object';
  const b = body as Record<string, unknown>;
  const well = (k: string): string | undefined => (typeof b[k] === 'string' && WELL.test(b[k]) ? b[k] : undefined);
  switch (b.action) {
    case 'lift':
    case 'press': {
      const w = well('well');
      return w ? { action: b.action, well: w } : `${b.action} needs a well, e.g. "d2"`;
    }
    case 'place': {
      const w = well('well');
      if (!w) return 'place needs a well, e.g. "d2"';
      if (b.kind !== undefined && (typeof b.kind !== 'string' || !/^[A-Za-z]$/.test(b.kind))) return 'kind is one piece letter';
      return typeof b.kind === 'string' ? { action: 'place', well: w, kind: b.kind } : { action: 'place', well: w };
    }
    case 'roll': {
      const from = well('from');
      const to = well('to');
      return from && to ? { action: 'roll', from, to } : 'roll needs from and to wells';
    }
    case 'hold':
      return b.where === 'rim-white' || b.where === 'rim-black' || b.where === 'centre'
        ? { action: 'hold', where: b.where }
        : 'hold needs where: rim-white, rim-black or centre';
    case 'setup':
      return { action: 'setup' };
    default:
      return 'action is one of lift, place, roll, press, hold, setup';
  }
}

/**
 * Does the action on the board; resolves once the simulator has taken it (a hold goes on after).
 * `position`: the referee's position now, which a setup lays out.
 */
export async function performSimAction(play: SimPlay, a: SimAction, position: string | undefined): Promise<string | undefined> {
  const { board, pitch, files } = play;
  if (a.action === 'setup') {
    if (!position) return 'no match is being refereed';
    const done = board.resetBoard(position);
    return done.ok ? undefined : done.error.message;
  }
  const rimX = (files / 2) * pitch;
  let outcome: Promise<Outcome>;
  switch (a.action) {
    case 'lift':
      outcome = board.lift(a.well);
      break;
    case 'place':
      outcome = board.place(a.well, a.kind ? { kind: a.kind } : {});
      break;
    case 'roll':
      outcome = board.roll(a.from, a.to);
      break;
    case 'press':
      outcome = board.press(a.well, PRESS.grams, { durationMs: PRESS.durationMs, blocking: false });
      break;
    case 'hold': {
      // On the side rim between the pinnacle lines (y = 0): it steadies the board, never tips it.
      const { grams, durationMs } = a.where === 'centre' ? HOLD : RIM_REST;
      const at = { x: a.where === 'rim-white' ? -rimX : rimX, y: 0 };
      outcome = board.holdBoard(grams, { durationMs, blocking: false, at });
      break;
    }
  }
  const done = await outcome;
  return done.result.ok ? undefined : done.result.error.message;
}

export function handsOf(board: SimPlayBoard): SimHands {
  const s = board.snapshot();
  return { hand: [...s.hand], onTable: [...s.onTable], board: s.board, ...(s.tipped ? { tipped: s.tipped } : {}), lit: board.litWells() };
}

/**
 * Where a helper's hands set the pieces out: the referee's position, except between games,
 * when the referee has asked for the next game's setup (which starts from the game's start position).
 */
export function positionToSetUp(
  snapshot: MatchSnapshot | undefined,
  heard: readonly HeardVerdict[],
  startPosition: string | undefined,
): string | undefined {
  if (!snapshot || snapshot.phase === 'setup') return snapshot?.position;
  const lastEnd = heard.findLastIndex((h) => h.verdict.type === 'game-over');
  const setupAfter = lastEnd >= 0 && heard.slice(lastEnd).some((h) => h.verdict.type === 'setup');
  return setupAfter && startPosition !== undefined ? startPosition : snapshot.position;
}
