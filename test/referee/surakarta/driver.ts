/**
 * Drives the Surakarta referee with timed board events and collects its verdicts. Scripts read
 * as a player would say them: `r.play('lift b2, place c3')`; each event comes 300 ms after the last.
 */
import {
  DEFAULT_SURAKARTA_SETTINGS,
  surakartaReferee,
  type SurakartaRefereeSettings,
  type SurakartaRefereeState,
} from '../../../src/games/surakarta/referee.ts';
import type { RefereeSnapshot } from '../../../src/referee/snapshot.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { POINTS, START_POSITION, parsePoint, parsePosition, type Position } from '../../../src/games/surakarta/rules/index.ts';
import { BoardDriver } from '../board-driver.ts';

export const P = (name: string): number => {
  const p = parsePoint(name);
  if (p === undefined) throw new Error(`bad point ${name}`);
  return p;
};

export function position(text: string): Position {
  const pos = parsePosition(text);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
}

export const occupiedOf = (text: string): number[] => {
  const board = position(text).board;
  return Array.from({ length: POINTS }, (_, p) => p).filter((p) => board[p] !== 0);
};

/** Where the match stands in a Surakarta referee's state (the snapshot a late client gets). */
export const snapshotOf = (state: SurakartaRefereeState): RefereeSnapshot => surakartaReferee().snapshot(state);

export class SkDriver extends BoardDriver<SurakartaRefereeState> {
  constructor(settings: Partial<SurakartaRefereeSettings> = {}) {
    super(surakartaReferee({ ...DEFAULT_SURAKARTA_SETTINGS, ...settings }), P);
  }

  /** A game in progress from `text` (game 1's first position; the start position by default), verdicts so far forgotten. */
  static playing(text?: string, settings: Partial<SurakartaRefereeSettings> = {}): SkDriver {
    const r = new SkDriver({ ...(text ? { firstPosition: position(text) } : {}), ...settings });
    r.snapshotOf(text ?? START_POSITION);
    if (r.state.phase !== 'play') throw new Error(`the game did not start: ${r.types().join(', ')}`);
    r.verdicts.length = 0;
    return r;
  }

  agree = (dt = 300) => this.send({ type: 'operator', action: { kind: 'agree' }, atMs: this.at(dt) });

  /** A move in notation, played physically: `b2-c3`, or `b2xe5` with the captured piece lifted first (`capturerFirst` for the other order). */
  move(text: string, capturerFirst = false): Verdict[] {
    const [from, to] = [text.slice(0, 2), text.slice(3, 5)];
    if (text[2] !== 'x') return this.play(`lift ${from}, place ${to}`);
    return this.play(capturerFirst ? `lift ${from}, lift ${to}, place ${to}` : `lift ${to}, lift ${from}, place ${to}`);
  }

  snapshotOf(text: string, resumed = false): Verdict[] {
    return this.send({ type: 'snapshot', occupied: occupiedOf(text), ...(resumed ? { resumed: true as const } : {}), atMs: this.at(10) });
  }
}
