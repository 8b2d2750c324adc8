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

export type BoardFieldProblemCode = 'AdjacentDigits' | 'BadCharacter' | 'RankTooLong' | 'RankTooShort';

/** How a notation writes its board field: the grid, its piece letters, the words its messages use. */
export interface BoardFieldSpec<E> {
  readonly files: number;
  readonly ranks: number;
  /** The name of each rank, from the nearest (index 0). */
  readonly rankNames: readonly string[];
  /** The cell code of a piece letter, or undefined for a character that is not one. */
  readonly pieceOf: (ch: string) => number | undefined;
  /** What a point is called (`well`, `point`), and a piece with its letters (`a sphere (w W b B)`). */
  readonly point: string;
  readonly piece: string;
  /** Each piece as it is read, with its offset in the field: a problem refuses the field there. */
  readonly onPiece?: (code: number, at: number) => E | undefined;
}

/**
 * Reads a board field (its ranks already split by the caller, who checks their count): one
 * cell code per point, or the first problem with its offset in the field. Strict: two digits
 * in a row would give one board two spellings, so they are refused.
 */
export function parseBoardField<E>(
  ranks: readonly string[],
  spec: BoardFieldSpec<E>,
): { ok: true; value: Int8Array } | { ok: false; error: { code: BoardFieldProblemCode; message: string; index: number } | E } {
  const { files } = spec;
  const board = new Int8Array(files * spec.ranks);
  const fail = (code: BoardFieldProblemCode, message: string, index: number) => ({ ok: false as const, error: { code, message, index } });
  const maxDigit = String(Math.min(9, files));
  let offset = 0;
  for (let i = 0; i < spec.ranks; i++) {
    const rankText = ranks[i] ?? '';
    const rank = spec.ranks - 1 - i;
    const rankName = spec.rankNames[rank];
    let file = 0;
    let previousWasDigit = false;
    for (let j = 0; j < rankText.length; j++) {
      const ch = rankText[j] ?? '';
      const at = offset + j;
      const code = spec.pieceOf(ch);
      if (ch >= '1' && ch <= maxDigit) {
        if (previousWasDigit)
          return fail('AdjacentDigits', `rank ${rankName}: two digits in a row; write one count of empty ${spec.point}s`, at);
        previousWasDigit = true;
        file += Number(ch);
      } else if (code !== undefined) {
        previousWasDigit = false;
        const refused = spec.onPiece?.(code, at);
        if (refused !== undefined) return { ok: false, error: refused };
        if (file < files) board[file + files * rank] = code;
        file += 1;
      } else {
        return fail('BadCharacter', `rank ${rankName}: '${ch}' is not ${spec.piece} nor a count 1-${maxDigit}`, at);
      }
      if (file > files) return fail('RankTooLong', `rank ${rankName} describes more than ${files} ${spec.point}s`, at);
    }
    if (file < files)
      return fail('RankTooShort', `rank ${rankName} describes ${file} ${spec.point}s, not ${files}`, offset + rankText.length);
    offset += rankText.length + 1;
  }
  return { ok: true, value: board };
}
