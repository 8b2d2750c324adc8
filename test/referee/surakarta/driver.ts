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
import type { RefereeInput } from '../../../src/referee/inputs.ts';
import type { RulesetReferee } from '../../../src/referee/referee.ts';
import type { RefereeSnapshot } from '../../../src/referee/snapshot.ts';
import type { SensorFaultKind } from '../../../src/referee/sensor-faults.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { POINTS, START_POSITION, parsePoint, parsePosition, type Position } from '../../../src/rules/surakarta/index.ts';

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

export class SkDriver {
  readonly referee: RulesetReferee<SurakartaRefereeState>;
  state: SurakartaRefereeState;
  t = 0;
  readonly verdicts: Verdict[] = [];
  readonly inputs: RefereeInput[] = [];

  constructor(settings: Partial<SurakartaRefereeSettings> = {}) {
    this.referee = surakartaReferee({ ...DEFAULT_SURAKARTA_SETTINGS, ...settings });
    this.state = this.referee.initialState();
  }

  /** A game in progress from `text` (game 1's first position; the start position by default), verdicts so far forgotten. */
  static playing(text?: string, settings: Partial<SurakartaRefereeSettings> = {}): SkDriver {
    const r = new SkDriver({ ...(text ? { firstPosition: position(text) } : {}), ...settings });
    r.snapshotOf(text ?? START_POSITION);
    if (r.state.phase !== 'play') throw new Error(`the game did not start: ${r.types().join(', ')}`);
    r.verdicts.length = 0;
    return r;
  }

  send(input: RefereeInput): Verdict[] {
    const step = this.referee.step(this.state, input);
    this.state = step.state;
    this.inputs.push(input);
    this.verdicts.push(...step.verdicts);
    return [...step.verdicts];
  }

  private at(dt: number): number {
    this.t += dt;
    return this.t;
  }

  lift = (p: string, dt = 300) => this.send({ type: 'lifted', well: P(p), atMs: this.at(dt) });
  place = (p: string, dt = 300) => this.send({ type: 'placed', well: P(p), atMs: this.at(dt) });
  roll = (from: string, to: string, dt = 300) => this.send({ type: 'rolled', from: P(from), to: P(to), atMs: this.at(dt) });
  tick = (dt: number) => this.send({ type: 'tick', atMs: this.at(dt) });
  hold = (phase: 'start' | 'end', dt = 100) => this.send({ type: 'interference', phase, atMs: this.at(dt) });
  agree = (dt = 300) => this.send({ type: 'operator', action: { kind: 'agree' }, atMs: this.at(dt) });
  /** The load cell under `w` fails (`start`) or works again (`end`), as sensing says it. */
  sensor = (w: string, phase: 'start' | 'end', fault: SensorFaultKind = 'dead', dt = 100) =>
    this.send({ type: 'sensor', phase, fault, cell: P(w), well: P(w), atMs: this.at(dt) });
  /** The operator says what a blind cell holds. */
  blind = (w: string, holds: 'empty' | 'occupied', dt = 300) =>
    this.send({ type: 'operator', action: { kind: 'blind', well: w, holds }, atMs: this.at(dt) });
  /** The operator says who held the board in the holding that ended the last game. */
  attribute = (to: string, dt = 300) => this.send({ type: 'operator', action: { kind: 'attribute', to }, atMs: this.at(dt) });

  /** "lift b2, place c3, roll a1 a2, tick 500": the events in order; all their verdicts. */
  play(script: string): Verdict[] {
    const out: Verdict[] = [];
    for (const part of script.split(',').map((s) => s.trim().split(/\s+/))) {
      const [verb, a = '', b = ''] = part;
      if (verb === 'lift') out.push(...this.lift(a));
      else if (verb === 'place') out.push(...this.place(a));
      else if (verb === 'roll') out.push(...this.roll(a, b));
      else if (verb === 'tick') out.push(...this.tick(Number(a)));
      else throw new Error(`bad script step '${part.join(' ')}'`);
    }
    return out;
  }

  /** A move in notation, played physically: `b2-c3`, or `b2xe5` with the captured piece lifted first (`capturerFirst` for the other order). */
  move(text: string, capturerFirst = false): Verdict[] {
    const [from, to] = [text.slice(0, 2), text.slice(3, 5)];
    if (text[2] !== 'x') return this.play(`lift ${from}, place ${to}`);
    return this.play(capturerFirst ? `lift ${from}, lift ${to}, place ${to}` : `lift ${to}, lift ${from}, place ${to}`);
  }

  snapshotOf(text: string, resumed = false): Verdict[] {
    return this.send({ type: 'snapshot', occupied: occupiedOf(text), ...(resumed ? { resumed: true as const } : {}), atMs: this.at(10) });
  }

  /** The board cleared of every piece (after a game). */
  cleared = () => this.send({ type: 'snapshot', occupied: [], atMs: this.at(10) });

  types = () => this.verdicts.map((v) => v.type);
  last = <T extends Verdict['type']>(type: T) =>
    this.verdicts.filter((v) => v.type === type).at(-1) as Extract<Verdict, { type: T }> | undefined;
}
