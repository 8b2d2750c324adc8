/** Drives the referee engine, refereeing the toy game, with timed board events (each 300 ms after the last) and collects its verdicts. */
import type { RefereeInput } from '../../../src/referee/inputs.ts';
import type { RefereeState } from '../../../src/referee/state.ts';
import type { Rulings } from '../../../src/referee/rules.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { cell, position, toyReferee, type ToyGame, type ToySettings } from './toy-rules.ts';

export const START = 'rr.....bb r';

export class ToyDriver {
  readonly referee;
  state: RefereeState<ToyGame>;
  t = 0;
  readonly verdicts: Verdict[] = [];

  constructor(settings: Partial<ToySettings> = {}, rulings: Partial<Rulings> = {}) {
    this.referee = toyReferee(settings, rulings);
    this.state = this.referee.initialState();
  }

  /** A game in progress from `text` (game 1's first position), verdicts so far forgotten. */
  static playing(text = START, settings: Partial<ToySettings> = {}, rulings: Partial<Rulings> = {}): ToyDriver {
    const r = new ToyDriver({ ...(text === START ? {} : { firstPosition: position(text) }), ...settings }, rulings);
    r.found(text);
    if (r.state.phase !== 'play') throw new Error(`the game did not start: ${r.types().join(', ')}`);
    r.verdicts.length = 0;
    return r;
  }

  send(input: RefereeInput): Verdict[] {
    const step = this.referee.step(this.state, input);
    this.state = step.state;
    this.verdicts.push(...step.verdicts);
    return [...step.verdicts];
  }

  private at(dt: number): number {
    this.t += dt;
    return this.t;
  }

  lift = (p: string, dt = 300) => this.send({ type: 'lifted', well: cell(p), atMs: this.at(dt) });
  place = (p: string, dt = 300) => this.send({ type: 'placed', well: cell(p), atMs: this.at(dt) });
  roll = (from: string, to: string, dt = 300) => this.send({ type: 'rolled', from: cell(from), to: cell(to), atMs: this.at(dt) });
  tick = (dt: number) => this.send({ type: 'tick', atMs: this.at(dt) });
  hold = (phase: 'start' | 'end', dt = 100) => this.send({ type: 'interference', phase, atMs: this.at(dt) });
  attribute = (to: string, dt = 300) => this.send({ type: 'operator', action: { kind: 'attribute', to }, atMs: this.at(dt) });

  /** "lift a1, place a2": the events in order; all their verdicts. */
  play(script: string): Verdict[] {
    return script.split(',').flatMap((part) => {
      const [verb, p = ''] = part.trim().split(/\s+/);
      if (verb === 'lift') return this.lift(p);
      if (verb === 'place') return this.place(p);
      throw new Error(`bad script step '${part}'`);
    });
  }

  /** The board as sensing found it: the occupied points of `text`. */
  found(text: string, extra: Partial<Extract<RefereeInput, { type: 'snapshot' }>> = {}): Verdict[] {
    const board = position(text).board;
    const occupied = [...board.keys()].filter((c) => board[c] !== 0);
    return this.send({ type: 'snapshot', occupied, ...extra, atMs: this.at(10) });
  }

  snapshot = () => this.referee.snapshot(this.state);
  types = () => this.verdicts.map((v) => v.type);
  last = <T extends Verdict['type']>(type: T) =>
    this.verdicts.filter((v) => v.type === type).at(-1) as Extract<Verdict, { type: T }> | undefined;
}
