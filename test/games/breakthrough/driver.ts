/**
 * Drives the Breakthrough referee with timed board events and collects its verdicts. Scripts
 * read as a player would say them: `r.play('lift b2, place b3')`; each event comes 300 ms after the last.
 */
import {
  DEFAULT_BREAKTHROUGH_SETTINGS,
  breakthroughReferee,
  type BreakthroughRefereeSettings,
  type BreakthroughRefereeState,
} from '../../../src/games/breakthrough/referee.ts';
import { SQUARES, START_POSITION, parsePosition, parseSquare, type Position } from '../../../src/games/breakthrough/rules/index.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { BoardDriver } from '../../referee/board-driver.ts';

export const S = (name: string): number => {
  const s = parseSquare(name);
  if (s === undefined) throw new Error(`bad square ${name}`);
  return s;
};

export function position(text: string): Position {
  const pos = parsePosition(text);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
}

export const occupiedOf = (text: string): number[] => {
  const board = position(text).board;
  return Array.from({ length: SQUARES }, (_, s) => s).filter((s) => board[s] !== 0);
};

export class BtDriver extends BoardDriver<BreakthroughRefereeState> {
  constructor(settings: Partial<BreakthroughRefereeSettings> = {}) {
    super(breakthroughReferee({ ...DEFAULT_BREAKTHROUGH_SETTINGS, ...settings }), S);
  }

  /** A game in progress from `text` (game 1's first position; the start position by default), verdicts so far forgotten. */
  static playing(text?: string, settings: Partial<BreakthroughRefereeSettings> = {}): BtDriver {
    const r = new BtDriver({ ...(text ? { firstPosition: position(text) } : {}), ...settings });
    r.snapshotOf(text ?? START_POSITION);
    if (r.state.phase !== 'play') throw new Error(`the game did not start: ${r.types().join(', ')}`);
    r.verdicts.length = 0;
    return r;
  }

  agree = (dt = 300) => this.send({ type: 'operator', action: { kind: 'agree' }, atMs: this.at(dt) });

  /** A move in notation, played physically: `b2-b3`, or `b2xc3` with the captured piece lifted first (`capturerFirst` for the other order). */
  move(text: string, capturerFirst = false): Verdict[] {
    const [from, to] = [text.slice(0, 2), text.slice(3, 5)];
    if (text[2] !== 'x') return this.play(`lift ${from}, place ${to}`);
    return this.play(capturerFirst ? `lift ${from}, lift ${to}, place ${to}` : `lift ${to}, lift ${from}, place ${to}`);
  }

  snapshotOf(text: string, resumed = false): Verdict[] {
    return this.send({ type: 'snapshot', occupied: occupiedOf(text), ...(resumed ? { resumed: true as const } : {}), atMs: this.at(10) });
  }

  /** The game in play played to its end by these moves, the board cleared and the start position set up for the next. */
  gameThenNext(...moves: string[]): void {
    for (const m of moves) this.move(m);
    if (this.state.phase === 'match-over') return;
    this.cleared();
    this.snapshotOf(START_POSITION);
  }
}
