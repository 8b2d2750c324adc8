/**
 * Where the pieces stand, for setting up the simulated board. A physical board can hold
 * any arrangement (an empty board for calibration, three coloured spheres, a test rig),
 * so this reads only a board field, without any rules' legality checks: ranks from the
 * far one down, '/' between, a piece letter per occupied point, digits counting empty
 * points (Senryaku's SPN board field on the 7×6 grid with w W b B). A whole SPN line is
 * accepted too; the fields after the board are ignored.
 *
 * A layout is one byte per point of the grid: 0 empty, else 1 + the piece's index in
 * `pieces` (for w W b B, the rules core's cell codes).
 */
import { err, ok, type Result } from '../../util/result.ts';
import { formatBoardField } from '../../util/board-field.ts';
import { pointCount, type Grid } from '../../board/grid.ts';

export interface LayoutError {
  readonly code: 'BadLayout';
  readonly message: string;
}

/** The simulator's board unless told otherwise: Senryaku's 7×6 wells and its four spheres. */
export const SIM_GRID: Grid = Object.freeze({ files: 7, ranks: 6 });
export const SIM_PIECES = 'wWbB';
/**
 * What the simulated reference board holds at power-on unless told: Senryaku's start
 * position (the rules core's START_SPN board field, which a test holds this to; kept here
 * so that the simulator does not import the rules).
 */
export const SIM_START_LAYOUT = 'bbbBbbb/7/7/7/7/wwwWwww';

export function parseLayout(text: string, grid: Grid = SIM_GRID, pieces: string = SIM_PIECES): Result<Int8Array, LayoutError> {
  const { files, ranks: rankCount } = grid;
  const field = text.trim().split(/\s+/)[0] ?? '';
  const ranks = field.split('/');
  const bad = (message: string): Result<never, LayoutError> =>
    err({ code: 'BadLayout', message: `bad board layout "${field}": ${message}` });
  if (ranks.length !== rankCount) return bad(`${rankCount} ranks separated by "/" expected`);
  const maxRun = String(Math.min(9, files));
  const board = new Int8Array(pointCount(grid));
  for (let r = 0; r < rankCount; r++) {
    const rank = rankCount - 1 - r; // the text lists the far rank first
    let file = 0;
    for (const ch of ranks[r] ?? '') {
      if (ch >= '1' && ch <= maxRun) file += Number(ch);
      else if (pieces.includes(ch)) {
        if (file < files) board[file + files * rank] = pieces.indexOf(ch) + 1;
        file++;
      } else return bad(`"${ch}" is not a piece or a count`);
    }
    if (file !== files) return bad(`rank ${rank + 1} has ${file} points, not ${files}`);
  }
  return ok(board);
}

/** The board field of a layout: the far rank first, digits for runs of empty points. */
export function formatLayout(board: ArrayLike<number>, grid: Grid = SIM_GRID, pieces: string = SIM_PIECES): string {
  return formatBoardField(board, grid.files, grid.ranks, (code) => pieces[code - 1]);
}
