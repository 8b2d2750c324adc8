/** A small driver that feeds the referee engine, refereeing Senryaku, timed events and collects verdicts. */
import {
  DEFAULT_REFEREE_SETTINGS,
  senryakuReferee,
  type SenryakuRefereeSettings,
  type SenryakuRefereeState,
} from '../../../src/games/senryaku/referee.ts';
import type { RefereeSnapshot } from '../../../src/referee/snapshot.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { WELLS, parseSpn, parseWell, type Color } from '../../../src/games/senryaku/rules/index.ts';
import { BoardDriver } from '../board-driver.ts';

/** Where the match stands in a Senryaku referee's state (the snapshot a late client gets). */
export const snapshotOf = (state: SenryakuRefereeState): RefereeSnapshot => senryakuReferee().snapshot(state);

const W = (name: string) => {
  const w = parseWell(name);
  if (w === undefined) throw new Error(`bad well ${name}`);
  return w;
};

export class RefereeDriver extends BoardDriver<SenryakuRefereeState> {
  constructor(settings: Partial<SenryakuRefereeSettings> = {}) {
    super(senryakuReferee({ ...DEFAULT_REFEREE_SETTINGS, ...settings }), W);
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

  /** The tilt switches close; the crash is judged after the attribution window (a tick past it). */
  tip = (toward: Color, dt = 50) => [
    ...this.send({ type: 'tipped', toward, atMs: this.at(dt) }),
    ...this.tick(this.state.settings.tipAttributionMs),
  ];
  tipOnly = (toward: Color, dt = 50) => this.send({ type: 'tipped', toward, atMs: this.at(dt) });
  level = (dt = 50) => this.send({ type: 'levelled', atMs: this.at(dt) });
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
}
