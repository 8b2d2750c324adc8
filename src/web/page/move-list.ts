/**
 * The move list as the verdicts leave it: the games, their moves and their ends, where a
 * takeback takes its moves off the end of the list (they are no longer part of the game). The
 * computer's move stands in the list before the move that carries it out (or last, while it
 * waits to be carried out), and a hint where it was asked.
 * Pure: the live move list, the last move drawn on the board and the history's replay read it.
 */
import type { Verdict } from '../../referee/verdicts.ts';

export type Listed = Extract<Verdict, { type: 'game-started' | 'move' | 'game-over' | 'computer-move' | 'hint' }>;

export function moveList(verdicts: Iterable<Verdict>): Listed[] {
  const list: Listed[] = [];
  for (const v of verdicts)
    if (v.type === 'game-started' || v.type === 'move' || v.type === 'game-over' || v.type === 'computer-move' || v.type === 'hint')
      list.push(v);
    else if (v.type === 'takeback') {
      // Back over its moves (and what was said after them); a computer's move left without its move goes too.
      for (let n = v.plies; n > 0 && list.length > 0 && list.at(-1)?.type !== 'game-started';) if (list.pop()?.type === 'move') n--;
      while (list.at(-1)?.type === 'computer-move') list.pop();
    }
  return list;
}

/** The computer's move at `i` in a move list: carried out by the move after it, waiting (the last entry), or never made (the game ended first). */
export function computerMoveState(list: readonly Listed[], i: number): 'carried-out' | 'waiting' | 'not-made' {
  const v = list[i];
  const next = list[i + 1];
  if (v?.type !== 'computer-move') return 'not-made';
  if (next?.type === 'move' && next.move === v.move && next.side === v.side) return 'carried-out';
  return next === undefined ? 'waiting' : 'not-made';
}
