/**
 * Where a refereed match stands, in one value: what a client that joins late (the live MQTT
 * state topic, the web dashboard) needs to draw the game without having heard every verdict.
 * Common to every game: the position is text in the game's notation.
 */
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { SensorsSnapshot } from './sensor-health.ts';
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
  /** The computer's move for the person at the board to carry out, until the board shows it made. */
  readonly computerMove?: { readonly side: Side; readonly move: string };
  /** Hints shown to each player in the match so far. */
  readonly hints: ByPlayer<number>;
  /** The load cells at fault and the points they leave blind (both empty while every cell works). */
  readonly sensors: SensorsSnapshot;
}
