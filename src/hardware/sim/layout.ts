/**
 * Where the spheres stand, for setting up the simulated board. A physical board can hold
 * any arrangement (an empty board for calibration, three coloured spheres, a test rig),
 * so this reads only the board field of an SPN, without the rules' legality checks:
 * `<ranks 6..1, '/' between>`, pieces w W b B, digits count empty wells. A whole SPN line
 * is accepted too; the fields after the board are ignored.
 */
import { err, ok, type Result } from '../../util/result.ts';
import { FILES, RANKS, WELLS, charCell, type PieceChar } from '../../rules/senryaku/types.ts';

export interface LayoutError {
  readonly code: 'BadLayout';
  readonly message: string;
}

const PIECES: readonly string[] = ['w', 'W', 'b', 'B'] satisfies PieceChar[];

export function parseLayout(text: string): Result<Int8Array, LayoutError> {
  const field = text.trim().split(/\s+/)[0] ?? '';
  const ranks = field.split('/');
  const bad = (message: string): Result<never, LayoutError> =>
    err({ code: 'BadLayout', message: `bad board layout "${field}": ${message}` });
  if (ranks.length !== RANKS) return bad(`${RANKS} ranks separated by "/" expected`);
  const board = new Int8Array(WELLS);
  for (let r = 0; r < RANKS; r++) {
    const rank = RANKS - 1 - r; // the text lists rank 6 first
    let file = 0;
    for (const ch of ranks[r] ?? '') {
      if (ch >= '1' && ch <= '7') file += Number(ch);
      else if (PIECES.includes(ch)) {
        if (file < FILES) board[file + FILES * rank] = charCell(ch);
        file++;
      } else return bad(`"${ch}" is not a sphere or a count`);
    }
    if (file !== FILES) return bad(`rank ${rank + 1} has ${file} wells, not ${FILES}`);
  }
  return ok(board);
}
