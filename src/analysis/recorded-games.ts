/**
 * A match record's games as the analysis reads them: from the verdicts a journal or an SGN
 * file keeps (game-started, move, takeback, crash, forfeit, attributed, game-over), each game's
 * start position, its players, the moves that stand (a takeback drops its moves) and how it
 * ended. Every other verdict (fouls, lifts, notices) changes nothing here. A record may be
 * damaged or edited, so each field used is checked; the error names the verdict's line.
 */
import type { Player } from '../rules/match/track.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { isJsonObject } from '../util/json.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { AnalysisProblem } from './problem.ts';

/** A verdict and where the record keeps it (its line in the file, when the file has lines). */
export interface SourcedVerdict {
  readonly verdict: Verdict;
  readonly line?: number;
}

export interface RecordedMove {
  readonly side: string;
  readonly move: string;
  readonly line?: number;
}

/** How a game ended other than by a move: a crash (whoever caused it) or a forfeit. */
export type RecordedEnd =
  | { readonly kind: 'crash'; readonly loser: string; readonly during: string; readonly well?: string; readonly line?: number }
  | { readonly kind: 'forfeit'; readonly loser: string; readonly reason: string; readonly line?: number };

export interface SidePlayer {
  readonly side: string;
  readonly player: Player;
}

export interface RecordedGame {
  readonly number: number;
  /** The sides in playing order (the side that moves first first), each with its player. */
  readonly sides: readonly [SidePlayer, SidePlayer];
  readonly start: string;
  readonly moves: readonly RecordedMove[];
  readonly end?: RecordedEnd;
  /** The referee's word on the game: its winner (none: drawn) and why; absent while it was on. */
  readonly result?: { readonly winner?: string; readonly reason: string };
  readonly line?: number;
}

interface OpenGame {
  number: number;
  sides: readonly [SidePlayer, SidePlayer];
  start: string;
  moves: RecordedMove[];
  end?: RecordedEnd;
  result?: { readonly winner?: string; readonly reason: string };
  line?: number;
}

/** A record without lines (a JSON export) names the verdict instead. */
const where = (line: number | undefined, index: number): string => (line !== undefined ? '' : `verdict ${index + 1}: `);
const problem = (code: AnalysisProblem['code'], message: string, line: number | undefined): Result<never, AnalysisProblem> =>
  err({ code, message, ...(line !== undefined ? { line } : {}) });

/** The games of a match record, in order. */
export function recordedGames(verdicts: readonly SourcedVerdict[]): Result<RecordedGame[], AnalysisProblem> {
  const games: OpenGame[] = [];
  for (const [i, { verdict, line }] of verdicts.entries()) {
    const v = verdict as unknown as Record<string, unknown>;
    const bad = (why: string) => problem('BadVerdict', `${where(line, i)}a ${String(v.type)} verdict ${why}`, line);
    const game = games.at(-1);
    const outside = () => problem('NoGame', `${where(line, i)}a ${String(v.type)} verdict before any game started`, line);
    switch (v.type) {
      case 'game-started': {
        const players = isJsonObject(v.players) ? Object.entries(v.players) : [];
        if (!Number.isSafeInteger(v.game) || typeof v.position !== 'string') return bad('needs its game number and position');
        const [first, second] = players;
        if (players.length !== 2 || !first || !second || !isPlayer(first[1]) || !isPlayer(second[1]) || first[1] === second[1])
          return bad('needs two sides, one for player A and one for player B');
        games.push({
          number: v.game as number,
          sides: [
            { side: first[0], player: first[1] },
            { side: second[0], player: second[1] },
          ],
          start: v.position,
          moves: [],
          ...(line !== undefined ? { line } : {}),
        });
        break;
      }
      case 'move':
        if (!game) return outside();
        if (typeof v.side !== 'string' || typeof v.move !== 'string') return bad('needs its side and move');
        game.moves.push({ side: v.side, move: v.move, ...(line !== undefined ? { line } : {}) });
        break;
      case 'takeback': {
        if (!game) return outside();
        const plies = v.plies;
        if (!Number.isSafeInteger(plies) || (plies as number) < 1) return bad('needs the number of plies it takes back');
        if ((plies as number) > game.moves.length) return bad(`takes back ${String(plies)} moves of a game that has ${game.moves.length}`);
        game.moves.splice(game.moves.length - (plies as number));
        break;
      }
      case 'crash':
        if (!game) return outside();
        if (typeof v.loser !== 'string' || typeof v.during !== 'string') return bad('needs its loser and when it happened');
        game.end = {
          kind: 'crash',
          loser: v.loser,
          during: v.during,
          ...(typeof v.well === 'string' ? { well: v.well } : {}),
          ...(line !== undefined ? { line } : {}),
        };
        break;
      case 'forfeit':
        if (!game) return outside();
        if (typeof v.loser !== 'string' || typeof v.reason !== 'string') return bad('needs its loser and reason');
        game.end = { kind: 'forfeit', loser: v.loser, reason: v.reason, ...(line !== undefined ? { line } : {}) };
        break;
      case 'attributed':
        // The holding that ended the game is withdrawn: what follows (a forfeit, or play going on) says the rest.
        if (!game) return outside();
        delete game.end;
        delete game.result;
        break;
      case 'game-over':
        if (!game) return outside();
        if (typeof v.reason !== 'string') return bad('needs its reason');
        game.result = { ...(typeof v.winner === 'string' ? { winner: v.winner } : {}), reason: v.reason };
        break;
      default:
        break;
    }
  }
  if (games.length === 0) return problem('NoGame', 'the record has no game', undefined);
  return ok(games);
}

const isPlayer = (p: unknown): p is Player => p === 'A' || p === 'B';
