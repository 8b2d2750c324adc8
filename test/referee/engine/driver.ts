/** Drives the referee engine, refereeing the toy game (toy-rules.ts), with timed board events and collects its verdicts. */
import type { RefereeInput } from '../../../src/referee/inputs.ts';
import type { Rulings } from '../../../src/referee/rules.ts';
import type { RefereeState } from '../../../src/referee/state.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { BoardDriver } from '../board-driver.ts';
import { cell, position, toyReferee, type ToyGame, type ToySettings } from './toy-rules.ts';

export const START = 'rr.....bb r';

export class ToyDriver extends BoardDriver<RefereeState<ToyGame>> {
  constructor(settings: Partial<ToySettings> = {}, rulings: Partial<Rulings> = {}) {
    super(toyReferee(settings, rulings), cell);
  }

  /** A game in progress from `text` (game 1's first position), verdicts so far forgotten. */
  static playing(text = START, settings: Partial<ToySettings> = {}, rulings: Partial<Rulings> = {}): ToyDriver {
    const r = new ToyDriver({ ...(text === START ? {} : { firstPosition: position(text) }), ...settings }, rulings);
    r.found(text);
    if (r.state.phase !== 'play') throw new Error(`the game did not start: ${r.types().join(', ')}`);
    r.verdicts.length = 0;
    return r;
  }

  /** The board as sensing found it: the occupied points of `text`. */
  found(text: string, extra: Partial<Extract<RefereeInput, { type: 'snapshot' }>> = {}): Verdict[] {
    const board = position(text).board;
    const occupied = [...board.keys()].filter((c) => board[c] !== 0);
    return this.send({ type: 'snapshot', occupied, ...extra, atMs: this.at(10) });
  }
}
