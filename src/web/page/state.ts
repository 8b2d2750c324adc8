/**
 * What the page knows: only what the server said (the match and its game's drawing, the
 * snapshot, the verdicts, link health, live loads, the simulator's hands) and the visitor's
 * own choices on the page (the play mode, a picked sphere).
 */
import type { LinkStatus } from '../../app/event-bus.ts';
import type { LiveLoads } from '../../pipeline/live-loads.ts';
import type { MatchSnapshot } from '../../app/referee-app.ts';
import type { HeardVerdict, MatchInfo, Role, SimHands, WellLights } from '../protocol.ts';

export type PlayMode = 'move' | 'roll' | 'press';

export interface PageState {
  role: Role;
  sim: boolean;
  control: boolean;
  history: boolean;
  match: MatchInfo | undefined;
  snapshot: MatchSnapshot | undefined;
  heard: HeardVerdict[];
  link: LinkStatus | undefined;
  loads: LiveLoads | undefined;
  /** The balance meter's live margins (every page; an operator's also come with the loads). */
  tipMargin: { white: number; black: number } | undefined;
  hands: SimHands | undefined;
  /** What the board's well LEDs show, as the board acknowledged the referee's commands. */
  lights: WellLights | undefined;
  mode: PlayMode;
  /** Roll: the cell picked to roll from. */
  selected: string | undefined;
  /** The piece letter in hand picked to place next (default: the one lifted last). */
  handKind: string | undefined;
}

export const newPageState = (): PageState => ({
  role: 'spectator',
  sim: false,
  control: false,
  history: false,
  match: undefined,
  snapshot: undefined,
  heard: [],
  link: undefined,
  loads: undefined,
  tipMargin: undefined,
  hands: undefined,
  lights: undefined,
  mode: 'move',
  selected: undefined,
  handKind: undefined,
});

/** What the tests and the benchmark read: when the board was first drawn, and each verdict's way to the page. */
export interface Probe {
  boardDrawnAt?: number;
  connected: boolean;
  verdicts: number;
  timings: { seq: number; type: string; heardMs: number; shownMs: number }[];
}
