/** A small driver that feeds the referee engine, refereeing Senryaku, timed events and collects verdicts. */
import {
  DEFAULT_REFEREE_SETTINGS,
  senryakuReferee,
  type SenryakuRefereeSettings,
  type SenryakuRefereeState,
} from '../../../src/games/senryaku/referee.ts';
import type { RefereeInput } from '../../../src/referee/inputs.ts';
import type { RulesetReferee } from '../../../src/referee/referee.ts';
import type { RefereeSnapshot } from '../../../src/referee/snapshot.ts';
import type { SensorFaultKind } from '../../../src/referee/sensor-faults.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { WELLS, parseSpn, parseWell, type Color } from '../../../src/rules/senryaku/index.ts';

/** Where the match stands in a Senryaku referee's state (the snapshot a late client gets). */
export const snapshotOf = (state: SenryakuRefereeState): RefereeSnapshot => senryakuReferee().snapshot(state);

const W = (name: string) => {
  const w = parseWell(name);
  if (w === undefined) throw new Error(`bad well ${name}`);
  return w;
};

export class RefereeDriver {
  readonly referee: RulesetReferee<SenryakuRefereeState>;
  state: SenryakuRefereeState;
  t = 0;
  readonly verdicts: Verdict[] = [];

  constructor(settings: Partial<SenryakuRefereeSettings> = {}) {
    this.referee = senryakuReferee({ ...DEFAULT_REFEREE_SETTINGS, ...settings });
    this.state = this.referee.initialState();
  }

  /** Starts a game (start position sensed), then, if given, jumps to a mid-game position. */
  static playing(spn?: string, settings: Partial<SenryakuRefereeSettings> = {}): RefereeDriver {
    const r = new RefereeDriver(settings);
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    if (spn) {
      const pos = parseSpn(spn);
      if (!pos.ok) throw new Error(pos.error.message);
      r.state = { ...r.state, game: { position: pos.value }, onBoard: pos.value.board.slice() };
    }
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

  lift = (w: string, dt = 300) => this.send({ type: 'lifted', well: W(w), atMs: this.at(dt) });
  place = (w: string, dt = 300) => this.send({ type: 'placed', well: W(w), atMs: this.at(dt) });
  roll = (from: string, to: string, dt = 300) => this.send({ type: 'rolled', from: W(from), to: W(to), atMs: this.at(dt) });
  /** The tilt switches close; the crash is judged after the attribution window (a tick past it). */
  tip = (toward: Color, dt = 50) => [
    ...this.send({ type: 'tipped', toward, atMs: this.at(dt) }),
    ...this.tick(this.state.settings.tipAttributionMs),
  ];
  tipOnly = (toward: Color, dt = 50) => this.send({ type: 'tipped', toward, atMs: this.at(dt) });
  level = (dt = 50) => this.send({ type: 'levelled', atMs: this.at(dt) });
  tick = (dt: number) => this.send({ type: 'tick', atMs: this.at(dt) });
  hold = (phase: 'start' | 'end', dt = 100) => this.send({ type: 'interference', phase, atMs: this.at(dt) });
  /** The load cell under `w` fails (`start`) or works again (`end`), as sensing says it. */
  sensor = (w: string, phase: 'start' | 'end', fault: SensorFaultKind = 'dead', dt = 100) =>
    this.send({ type: 'sensor', phase, fault, cell: W(w), well: W(w), atMs: this.at(dt) });
  /** The operator says what a blind cell holds. */
  blind = (w: string, holds: 'empty' | 'occupied', dt = 300) =>
    this.send({ type: 'operator', action: { kind: 'blind', well: w, holds }, atMs: this.at(dt) });
  /** The operator says who held the board in the holding that ended the last game. */
  attribute = (to: string, dt = 300) => this.send({ type: 'operator', action: { kind: 'attribute', to }, atMs: this.at(dt) });
  /** Step move "a1-a2" or capture "c4xc5" (captured sphere lifted first), physically. */
  move = (text: string, dt = 300) => {
    const [from, to] = [text.slice(0, 2), text.slice(3, 5)];
    const out: Verdict[] = [];
    if (text[2] === 'x') out.push(...this.lift(to, dt));
    out.push(...this.lift(from, dt), ...this.place(to, dt));
    return out;
  };

  snapshotOf(spn: string, tipped?: Color) {
    const pos = parseSpn(spn);
    if (!pos.ok) throw new Error(pos.error.message);
    const occupied = Array.from({ length: WELLS }, (_, w) => w).filter((w) => pos.value.board[w] !== 0);
    return this.send({ type: 'snapshot', occupied, ...(tipped ? { tipped } : {}), atMs: this.at(10) });
  }

  /** The board cleared of every sphere (after a game). */
  cleared = () => this.send({ type: 'snapshot', occupied: [], atMs: this.at(10) });

  types = () => this.verdicts.map((v) => v.type);
  last = <T extends Verdict['type']>(type: T) =>
    this.verdicts.filter((v) => v.type === type).at(-1) as Extract<Verdict, { type: T }> | undefined;
}
