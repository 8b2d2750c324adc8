/**
 * What every game's referee test driver does: feed the referee timed board events (each a
 * given time after the last) and collect its verdicts. Each game's driver adds its own ways to
 * set up a position and to play (test/referee/senryaku/, surakarta/, engine/).
 */
import type { AdviceRole, RefereeInput } from '../../src/referee/inputs.ts';
import type { RulesetReferee } from '../../src/referee/referee.ts';
import type { SensorFaultKind } from '../../src/referee/sensor-faults.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

export class BoardDriver<S> {
  state: S;
  t = 0;
  readonly verdicts: Verdict[] = [];
  readonly inputs: RefereeInput[] = [];

  /** `cell`: the index of a cell the game names so (throws for a name it has not). */
  constructor(
    readonly referee: RulesetReferee<S>,
    private readonly cell: (name: string) => number,
  ) {
    this.state = referee.initialState();
  }

  send(input: RefereeInput): Verdict[] {
    const step = this.referee.step(this.state, input);
    this.state = step.state;
    this.inputs.push(input);
    this.verdicts.push(...step.verdicts);
    return [...step.verdicts];
  }

  protected at(dt: number): number {
    this.t += dt;
    return this.t;
  }

  lift = (c: string, dt = 300) => this.send({ type: 'lifted', well: this.cell(c), atMs: this.at(dt) });
  place = (c: string, dt = 300) => this.send({ type: 'placed', well: this.cell(c), atMs: this.at(dt) });
  roll = (from: string, to: string, dt = 300) => this.send({ type: 'rolled', from: this.cell(from), to: this.cell(to), atMs: this.at(dt) });
  tick = (dt: number) => this.send({ type: 'tick', atMs: this.at(dt) });
  hold = (phase: 'start' | 'end', dt = 100) => this.send({ type: 'interference', phase, atMs: this.at(dt) });
  /** The load cell under `c` fails (`start`) or works again (`end`), as sensing says it. */
  sensor = (c: string, phase: 'start' | 'end', fault: SensorFaultKind = 'dead', dt = 100) =>
    this.send({ type: 'sensor', phase, fault, cell: this.cell(c), well: this.cell(c), atMs: this.at(dt) });
  /** The operator says what a blind cell holds. */
  blind = (c: string, holds: 'empty' | 'occupied', dt = 300) =>
    this.send({ type: 'operator', action: { kind: 'blind', well: c, holds }, atMs: this.at(dt) });
  /** The operator says who held the board in the holding that ended the last game. */
  attribute = (to: string, dt = 300) => this.send({ type: 'operator', action: { kind: 'attribute', to }, atMs: this.at(dt) });
  /** An engine's advice for the game as it stands (or for `position`, a stale one). */
  advise = (role: AdviceRole, move: string, position = this.snapshot().position, dt = 100) =>
    this.send({ type: 'advice', role, move, position, atMs: this.at(dt) });
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

  /** The board cleared of every piece (after a game). */
  cleared = () => this.send({ type: 'snapshot', occupied: [], atMs: this.at(10) });

  /** Where the match stands (the snapshot a late client gets). */
  snapshot = () => this.referee.snapshot(this.state);
  types = () => this.verdicts.map((v) => v.type);
  last = <T extends Verdict['type']>(type: T) =>
    this.verdicts.filter((v) => v.type === type).at(-1) as Extract<Verdict, { type: T }> | undefined;
}
