/**
 * Where a refereed match stands, in one value: what a client that joins late (the live MQTT
 * state topic, the web dashboard) needs to draw the game without having heard every verdict.
 * Common to every game: the position is text in the game's notation.
 */
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { Refereeing } from './context.ts';
import { currentGame } from './game-flow.ts';
import type { GameTypes } from './rules.ts';
import { sensorsSnapshot, type SensorsSnapshot } from './sensor-health.ts';
import type { RefereeState } from './state.ts';
import type { BySide, FoulCode, Restoration, Side } from './verdicts.ts';

export const SNAPSHOT_PHASES = ['setup', 'play', 'foul', 'resync', 'game-over', 'match-over'] as const;
export type SnapshotPhase = (typeof SNAPSHOT_PHASES)[number];

export interface RefereeSnapshot {
  readonly phase: SnapshotPhase;
  /** The game being played (or last played), from 1. */
  readonly game: number;
  /** The game's last legal position, in its notation. */
  readonly position: string;
  /** The side to move, while a game is on. */
  readonly turn?: Side;
  readonly players: BySide<Player>;
  readonly score: { readonly points: ByPlayer<number>; readonly games: ByPlayer<number>; readonly trackLength: number };
  /** Fouls this game, by side. */
  readonly fouls: BySide<number>;
  /** The foul that stands, and how to put the board right, while play waits for it. */
  readonly pendingFoul?: { readonly code: FoulCode; readonly side: Side; readonly restore: readonly Restoration[] };
  readonly winner?: Player;
  /** The load cells at fault and the points they leave blind (both empty while every cell works). */
  readonly sensors: SensorsSnapshot;
}

/** Where the match stands in a referee's state. */
export function snapshotOf<G extends GameTypes>(game: Refereeing<G>, s: RefereeState<G>): RefereeSnapshot {
  const { rules, view, sensorWords } = game;
  const over = s.phase === 'game-over' || s.phase === 'match-over';
  // After a game, its record is in the match: the game shown is the one just played.
  const number = over ? Math.max(1, s.match.games.length) : currentGame(s.match);
  const pos = s.game.position;
  return {
    phase: s.phase,
    game: number,
    position: rules.formatPosition(pos),
    ...(over ? {} : { turn: pos.turn }),
    // In playing order.
    players: rules.match.players(s.match, number),
    score: { points: s.match.points, games: s.match.gamesWon, trackLength: rules.match.trackLength(s.match) },
    fouls: s.fouls,
    ...(s.phase === 'foul' && s.foul
      ? { pendingFoul: { code: s.foul, side: pos.turn, restore: view.restorationSteps(s.onBoard, pos.board) } }
      : {}),
    ...(s.match.winner ? { winner: s.match.winner } : {}),
    sensors: sensorsSnapshot(s.sensors, sensorWords),
  };
}
