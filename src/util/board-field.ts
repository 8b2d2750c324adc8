/**
 * The board field the notations write (Senryaku's SPN, Surakarta's positions, the simulator's
 * layouts): ranks from the far one down, '/' between, a letter per occupied point, a digit
 * counting each run of empty points.
 */
export function formatBoardField(
  board: ArrayLike<number>,
  files: number,
  ranks: number,
  letterOf: (code: number) => string | undefined,
): string {
  const out: string[] = [];
  for (let rank = ranks - 1; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < files; file++) {
      const ch = letterOf(board[file + files * rank] ?? 0);
      if (!ch) empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += ch;
      }
    }
    if (empty > 0) text += String(empty);
    out.push(text);
  }
  return out.join('/');
}
