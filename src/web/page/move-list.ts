/**
 * The move list as the verdicts leave it: the games, their moves and their ends, where a
 * takeback takes its moves off the end of the list (they are no longer part of the game).
 * Pure: the live move list, the last move drawn on the board and the history's replay read it.
 */
import type { Verdict } from '../../referee/verdicts.ts';

export type Listed = Extract<Verdict, { type: 'game-started' | 'move' | 'game-over' }>;

export function moveList(verdicts: Iterable<Verdict>): Listed[] {
  const list: Listed[] = [];
  for (const v of verdicts)
    if (v.type === 'game-started' || v.type === 'move' || v.type === 'game-over') list.push(v);
    else if (v.type === 'takeback') for (let n = v.plies; n > 0 && list.at(-1)?.type === 'move'; n--) list.pop();
  return list;
}
