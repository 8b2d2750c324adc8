/** A referee's state before anything happened: waiting for the first game's setup, no fouls. */
import type { GameTypes, SideOf } from './game-types.ts';
import type { RefereeRules } from './rules.ts';
import { HEALTHY } from './sensor-health.ts';
import type { FoulCounts, RefereeState } from './state.ts';

/** No fouls yet, by side in playing order. */
export const noFouls = <G extends GameTypes>(rules: RefereeRules<G>): FoulCounts<G> =>
  Object.fromEntries(rules.sides.map((s) => [s, 0])) as Record<SideOf<G>, number>;

/** A referee waiting for the first game's setup. Throws TypeError for settings no match can be played with (programmer misuse: a descriptor checks them first). */
export function initialState<G extends GameTypes>(rules: RefereeRules<G>, settings: G['settings']): RefereeState<G> {
  const match = rules.match.newMatch(settings);
  if (!match.ok) throw new TypeError(`invalid match settings: ${match.error}`);
  return {
    settings,
    phase: 'setup',
    match: match.value,
    game: { position: settings.firstPosition ?? rules.startPosition() },
    onBoard: new Int8Array(rules.board.cells),
    hand: [],
    fouls: noFouls(rules),
    changedSinceOver: true,
    sensors: HEALTHY,
    hints: { A: 0, B: 0 },
    physics: rules.physics?.initial,
  };
}
