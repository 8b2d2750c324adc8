/**
 * Holding the referee's verdicts to the players' ledger, game by game. A game is refereed
 * exactly when the moves (in order), the fouls (in order) and the end (winner and reason)
 * the referee called are those the players' hands made. A foul is a foul verdict or a
 * holding forfeit; a touch-move notice is not one. False fouls are the called ones nobody
 * committed, missed fouls the committed ones not called (counted as multisets, so a foul
 * called late is neither). Pure: lists in, a comparison out.
 */
import type { Verdict } from '../../../src/referee/verdicts.ts';
import type { ExpectedEnd, ExpectedFoul, PlayRecord } from '../../../src/players/ledger.ts';

/** One game as told by one side: the players' ledger, or the referee's verdicts. */
export interface GameCalls {
  /** "white d1-d2", in order. */
  readonly moves: string[];
  readonly fouls: ExpectedFoul[];
  end?: ExpectedEnd;
  /** Times the players put the board back without playing (only from the ledger). */
  putBacks: number;
}

export interface GameComparison {
  readonly game: number;
  readonly exact: boolean;
  readonly falseFouls: readonly ExpectedFoul[];
  readonly missedFouls: readonly ExpectedFoul[];
  /** The first thing that differs, said so that it can be looked for in the run. */
  readonly firstDifference?: string;
}

const emptyCalls = (): GameCalls => ({ moves: [], fouls: [], putBacks: 0 });

const callsOf = (games: Map<number, GameCalls>, game: number): GameCalls => {
  let calls = games.get(game);
  if (!calls) games.set(game, (calls = emptyCalls()));
  return calls;
};

/** What the referee called in each game, by game number. */
export function refereeCalls(verdicts: readonly Verdict[]): Map<number, GameCalls> {
  const games = new Map<number, GameCalls>();
  let game = 0;
  for (const v of verdicts) {
    if (v.type === 'game-started') {
      game = v.game;
      callsOf(games, game);
    }
    if (game === 0) continue;
    const calls = callsOf(games, game);
    if (v.type === 'move') calls.moves.push(`${v.side} ${v.move}`);
    else if (v.type === 'foul') calls.fouls.push({ side: v.side, code: v.code });
    else if (v.type === 'forfeit' && v.reason === 'holding') calls.fouls.push({ side: v.loser, code: 'holding' });
    else if (v.type === 'game-over') calls.end = { winner: v.winner ?? 'nobody (a draw)', reason: v.reason };
  }
  return games;
}

/** What the players did in each game, by game number, from their ledger. */
export function playerCalls(records: readonly PlayRecord[]): Map<number, GameCalls> {
  const games = new Map<number, GameCalls>();
  for (const r of records) {
    const calls = callsOf(games, r.game);
    if (r.kind === 'put-back') {
      calls.putBacks++;
      continue;
    }
    if (r.move !== undefined) calls.moves.push(`${r.side} ${r.move}`);
    calls.fouls.push(...r.fouls);
    // The first end stands: the players do not act after it unless the referee missed it.
    if (r.end && !calls.end) calls.end = r.end;
  }
  return games;
}

const foulText = (f: ExpectedFoul): string => `${f.side} ${f.code}`;
const endText = (e: ExpectedEnd | undefined): string => (e ? `${e.winner} by ${e.reason}` : 'none');

/** The items of `a` not matched one for one in `b`. */
function without(a: readonly ExpectedFoul[], b: readonly ExpectedFoul[]): ExpectedFoul[] {
  const left = b.map(foulText);
  return a.filter((f) => {
    const i = left.indexOf(foulText(f));
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

export function compareGame(game: number, players: GameCalls | undefined, referee: GameCalls | undefined): GameComparison {
  const p = players ?? emptyCalls();
  const r = referee ?? emptyCalls();
  const falseFouls = without(r.fouls, p.fouls);
  const missedFouls = without(p.fouls, r.fouls);
  const firstDifference = difference(p, r, players === undefined, referee === undefined);
  return { game, exact: firstDifference === undefined, falseFouls, missedFouls, ...(firstDifference ? { firstDifference } : {}) };
}

function difference(p: GameCalls, r: GameCalls, noPlayers: boolean, noReferee: boolean): string | undefined {
  if (noPlayers && noReferee) return 'not played (the session ran out of time)';
  if (p.putBacks > 0) return `the players had to put the board back ${p.putBacks} time(s)`;
  const n = Math.max(p.moves.length, r.moves.length);
  for (let i = 0; i < n; i++)
    if (p.moves[i] !== r.moves[i]) return `move ${i + 1}: played ${p.moves[i] ?? 'none'}, called ${r.moves[i] ?? 'none'}`;
  const pf = p.fouls.map(foulText);
  const rf = r.fouls.map(foulText);
  if (pf.join() !== rf.join()) return `fouls: committed [${pf.join(', ')}], called [${rf.join(', ')}]`;
  if (endText(p.end) !== endText(r.end)) return `end: ${endText(p.end)} by the players' account, called ${endText(r.end)}`;
  return undefined;
}

/** Every game from 1 to `games`, compared. */
export function compareSession(records: readonly PlayRecord[], verdicts: readonly Verdict[], games: number): GameComparison[] {
  const players = playerCalls(records);
  const referee = refereeCalls(verdicts);
  return Array.from({ length: games }, (_, i) => compareGame(i + 1, players.get(i + 1), referee.get(i + 1)));
}
