/**
 * SGN, the game record format of docs/sgn.md: PGN's shape (tag pairs, numbered move text,
 * `{ }` comments, the result) for the games this referee knows, one record per game, a match
 * as its games in order. `formatSgn` writes a stored match; `parseSgn` reads it back strictly
 * (coded errors with line and column) as the match's header and the verdicts SGN keeps, so
 * that storing them and writing the match again gives the same bytes.
 */
import { FOUL_CODES, type FoulCode, type Verdict } from '../referee/verdicts.ts';
import type { Player } from '../rules/match/track.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { GameRecord, GameResult, MatchInfo, MatchRecord, MatchResult, NumberedVerdict } from './model.ts';

export const SGN_ERROR_CODES = [
  'Empty',
  'BadTag',
  'TagOrder',
  'BadTagValue',
  'InconsistentMatch',
  'BadRound',
  'BadMoveNumber',
  'BadComment',
  'UnterminatedComment',
  'BadToken',
  'NoResult',
  'ResultMismatch',
] as const;
export type SgnErrorCode = (typeof SGN_ERROR_CODES)[number];
export interface SgnError {
  readonly code: SgnErrorCode;
  readonly message: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
}

/** A match as SGN keeps it: its header and the verdicts, numbered from 1. */
export interface SgnMatch {
  readonly info: MatchInfo;
  readonly verdicts: readonly NumberedVerdict[];
}

/** The tags of every record, in order; SIDES stands for the two side tags (`White`, `Black`...), in playing order. */
const TAG_ORDER = [
  'Event',
  'Site',
  'Date',
  'Time',
  'Round',
  'Match',
  'Board',
  'Ruleset',
  'SIDE1',
  'SIDE2',
  'PlayerA',
  'PlayerB',
  'Result',
  'Termination',
  'Points',
  'Score',
  'Profile',
  'Position',
] as const;
/** Tags that must be the same in every record of a match. */
const MATCH_TAGS = ['Event', 'Site', 'Date', 'Time', 'Match', 'Board', 'Ruleset', 'PlayerA', 'PlayerB', 'Profile'] as const;
const RESULTS: readonly GameResult[] = ['1-0', '0-1', '1/2-1/2', '*'];
const LINE_WIDTH = 80;
const UNKNOWN = '?';

// ---------------------------------------------------------------------------------------------
// Writing

const escapeTag = (s: string): string =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');
/** Comment text never holds braces or line breaks. */
const commentText = (s: string): string =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')');
const capitalised = (side: string): string => `${side.charAt(0).toUpperCase()}${side.slice(1)}`;
const pair = (p: { readonly A: number; readonly B: number }): string => `${p.A}-${p.B}`;

/** The match's games as SGN records, in order ('' for a match with no game yet). */
export function formatSgn(match: MatchRecord): string {
  return match.games.map((g, i) => formatGame(match, g, i === match.games.length - 1)).join('\n');
}

function formatGame(match: MatchRecord, g: GameRecord, last: boolean): string {
  const { info } = match;
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(info.startedAt);
  const player = (p: Player): string => info.players[p];
  const tags: [string, string][] = [
    ['Event', info.event],
    ['Site', info.board.site],
    ['Date', iso ? `${iso[1]}.${iso[2]}.${iso[3]}` : '????.??.??'],
    ['Time', iso ? iso[4]! : '??:??:??'],
    ['Round', String(g.number)],
    ['Match', info.matchId],
    ['Board', info.board.key],
    ['Ruleset', info.ruleset],
    [capitalised(g.sides[0].side), player(g.sides[0].player)],
    [capitalised(g.sides[1].side), player(g.sides[1].player)],
    ['PlayerA', info.players.A],
    ['PlayerB', info.players.B],
    ['Result', g.result],
    ['Termination', g.result === '*' ? 'unterminated' : (g.termination ?? UNKNOWN)],
    ['Points', pair(g.points)],
    ['Score', pair(g.score)],
    ['Profile', info.board.profile ?? UNKNOWN],
    ['Position', g.position],
  ];
  if (last && match.result) tags.push(['MatchResult', match.result]);
  const lines = tags.map(([k, v]) => `[${k} "${escapeTag(v)}"]`);
  return `${lines.join('\n')}\n\n${wrap(moveTokens(g)).join('\n')}\n`;
}

function moveTokens(g: GameRecord): string[] {
  const tokens: string[] = [];
  let half = 0;
  let numberDue = true;
  const halfMove = (text: string): void => {
    const n = Math.floor(half / 2) + 1;
    // A move number stays on the line of its move.
    tokens.push(half % 2 === 0 ? `${n}. ${text}` : numberDue ? `${n}... ${text}` : text);
    numberDue = false;
    half++;
  };
  const comment = (text: string): void => {
    tokens.push(`{${commentText(text)}}`);
    numberDue = true;
  };
  for (const e of g.events) {
    switch (e.kind) {
      case 'move': {
        const s = g.sides.findIndex((x) => x.side === e.side);
        if (s >= 0) while (half % 2 !== s) halfMove('--'); // the other side passed
        halfMove(e.notation);
        break;
      }
      case 'foul':
        comment(`foul ${e.side} ${e.code}: ${e.message}`);
        break;
      case 'crash':
        comment(`crash ${e.loser} toward ${e.toward} during ${e.during}${e.well !== undefined ? ` at ${e.well}` : ''}`);
        break;
      case 'forfeit':
        comment(`forfeit ${e.loser} ${e.reason}: ${e.message}`);
        break;
      case 'attributed':
        comment(`attributed ${e.to}: ${e.message}`);
        break;
      // The computer's move is the move that follows it, once carried out: the comment says whose it was.
      case 'computer-move':
        comment(`computer ${e.side} ${e.move}`);
        break;
      case 'hint':
        comment(`hint ${e.side} ${e.move}`);
        break;
      case 'takeback': {
        const withdrawn = e.withdrawn ? `; withdraws ${e.withdrawn.side} ${e.withdrawn.code}` : '';
        comment(`takeback ${e.moves.length}: ${e.moves.map((m) => `${m.side} ${m.move}`).join(', ')}${withdrawn}`);
        break;
      }
    }
  }
  tokens.push(g.result);
  return tokens;
}

function wrap(tokens: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line === '') line = t;
    else if (line.length + 1 + t.length <= LINE_WIDTH) line += ` ${t}`;
    else {
      lines.push(line);
      line = t;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Reading

interface Token {
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

interface RawGame {
  readonly tags: ReadonlyMap<string, { readonly value: string; readonly line: number }>;
  readonly sides: readonly [string, string];
  readonly line: number;
  readonly moves: readonly Token[];
}

type Fail = { readonly ok: false; readonly error: SgnError };
const fail = (code: SgnErrorCode, message: string, line: number, column = 1): Fail =>
  err({ code, message: `line ${line}, column ${column}: ${message}`, line, column });

const TAG_LINE = /^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$/;
const unescapeTag = (s: string): string => s.replace(/\\(.)/g, '$1');

/** Reads SGN records (a match's games in order) strictly. */
export function parseSgn(text: string): Result<SgnMatch, SgnError> {
  const lines = text.split('\n');
  const games: RawGame[] = [];
  let i = 0;
  const blank = (): void => {
    while (i < lines.length && lines[i] === '') i++;
  };
  blank();
  if (i >= lines.length) return fail('Empty', 'no SGN record', 1);
  while (i < lines.length) {
    const game = readRecord(lines, i);
    if (!game.ok) return game;
    games.push(game.value.game);
    i = game.value.next;
    blank();
  }
  return toMatch(games);
}

function readRecord(lines: readonly string[], start: number): Result<{ game: RawGame; next: number }, SgnError> {
  const tags = new Map<string, { value: string; line: number }>();
  let sides: [string, string] = ['', ''];
  let i = start;
  for (; i < lines.length && lines[i] !== ''; i++) {
    const ln = i + 1;
    const m = TAG_LINE.exec(lines[i]!);
    if (!m) return fail('BadTag', `not a tag pair [Name "value"]: ${excerpt(lines[i]!)}`, ln);
    const [, name, raw] = m as unknown as [string, string, string];
    const at = tags.size;
    const expected = at < TAG_ORDER.length ? TAG_ORDER[at]! : 'MatchResult';
    if (at > TAG_ORDER.length) return fail('TagOrder', `no tag is due after MatchResult, found ${name}`, ln);
    if (expected === 'SIDE1' || expected === 'SIDE2') {
      if (!/^[A-Z][a-z]+$/.test(name) || (TAG_ORDER as readonly string[]).includes(name) || tags.has(name))
        return fail('TagOrder', `a side tag (White, Black, Light, Dark...) is due here, found ${name}`, ln);
      sides[expected === 'SIDE1' ? 0 : 1] = name.toLowerCase();
    } else if (name !== expected) return fail('TagOrder', `the tag due here is ${expected}, found ${name}`, ln);
    tags.set(name, { value: unescapeTag(raw), line: ln });
  }
  if (tags.size < TAG_ORDER.length)
    return fail('TagOrder', `the record's tags end before ${TAG_ORDER[tags.size]!.replace(/SIDE\d/, 'a side tag')}`, i + 1);
  sides = [sides[0], sides[1]];
  const headerLines = i;
  i++; // the blank line after the tags
  const moves: Token[] = [];
  for (; i < lines.length; i++) {
    const tokens = tokenize(lines[i]!, i + 1);
    if (!tokens.ok) return tokens;
    moves.push(...tokens.value);
    if (tokens.value.length > 0 && RESULTS.includes(tokens.value.at(-1)!.text as GameResult)) {
      i++;
      break;
    }
    if (i + 1 < lines.length && lines[i + 1] === '' && tokens.value.length > 0) {
      const last = tokens.value.at(-1)!;
      return fail('NoResult', 'the move text ends without a result (1-0, 0-1, 1/2-1/2 or *)', last.line, last.column);
    }
  }
  const end = moves.at(-1);
  if (!end || !RESULTS.includes(end.text as GameResult))
    return fail('NoResult', 'the move text ends without a result (1-0, 0-1, 1/2-1/2 or *)', Math.min(i, lines.length) || headerLines + 1);
  return ok({ game: { tags, sides, line: start + 1, moves }, next: i });
}

function tokenize(line: string, ln: number): Result<Token[], SgnError> {
  const tokens: Token[] = [];
  let c = 0;
  while (c < line.length) {
    if (line[c] === ' ') {
      c++;
      continue;
    }
    if (line[c] === '{') {
      const close = line.indexOf('}', c);
      if (close < 0) return fail('UnterminatedComment', 'a comment is not closed on its line', ln, c + 1);
      tokens.push({ text: line.slice(c, close + 1), line: ln, column: c + 1 });
      c = close + 1;
      continue;
    }
    if (line[c] === '[') return fail('NoResult', 'a tag pair where the move text or its result was due', ln, c + 1);
    let e = c;
    while (e < line.length && line[e] !== ' ' && line[e] !== '{') e++;
    const text = line.slice(c, e);
    if (text.includes('}')) return fail('BadToken', `a stray '}' in ${text}`, ln, c + 1 + text.indexOf('}'));
    tokens.push({ text, line: ln, column: c + 1 });
    c = e;
  }
  return ok(tokens);
}

const excerpt = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
const PAIR = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

function toMatch(games: readonly RawGame[]): Result<SgnMatch, SgnError> {
  const first = games[0]!;
  const tag = (g: RawGame, name: string): string => g.tags.get(name)!.value;
  const lineOf = (g: RawGame, name: string): number => g.tags.get(name)!.line;
  for (const g of games.slice(1))
    for (const name of MATCH_TAGS)
      if (tag(g, name) !== tag(first, name))
        return fail(
          'InconsistentMatch',
          `${name} differs from the first record's (${tag(first, name)}): one match per file`,
          lineOf(g, name),
        );
  const date = tag(first, 'Date');
  const time = tag(first, 'Time');
  if (!/^\d{4}\.\d{2}\.\d{2}$/.test(date)) return fail('BadTagValue', `Date must be YYYY.MM.DD, got '${date}'`, lineOf(first, 'Date'));
  if (!/^\d{2}:\d{2}:\d{2}$/.test(time)) return fail('BadTagValue', `Time must be HH:MM:SS, got '${time}'`, lineOf(first, 'Time'));
  const A = tag(first, 'PlayerA');
  const B = tag(first, 'PlayerB');
  if (A === B) return fail('BadTagValue', 'PlayerA and PlayerB must have different names', lineOf(first, 'PlayerB'));
  const profile = tag(first, 'Profile');
  const info: MatchInfo = {
    matchId: tag(first, 'Match'),
    ruleset: tag(first, 'Ruleset'),
    event: tag(first, 'Event'),
    startedAt: `${date.replace(/\./g, '-')}T${time}.000Z`,
    players: { A, B },
    board: { key: tag(first, 'Board'), site: tag(first, 'Site'), ...(profile !== UNKNOWN ? { profile } : {}) },
    settings: { players: { A, B } },
  };
  const verdicts: Verdict[] = [];
  /** Each player's hints so far in the match: a hint's count. */
  const hints = { A: 0, B: 0 };
  let round = 0;
  /** The match score before each game: the Score of the record before it. */
  let before = { A: 0, B: 0 };
  let matchResult: { value: MatchResult; game: RawGame } | undefined;
  for (const [n, g] of games.entries()) {
    const number = Number(tag(g, 'Round'));
    if (!/^[1-9]\d*$/.test(tag(g, 'Round')) || number <= round)
      return fail('BadRound', `Round must be a game number after ${round}, got '${tag(g, 'Round')}'`, lineOf(g, 'Round'));
    round = number;
    const mr = g.tags.get('MatchResult');
    if (mr) {
      if (n !== games.length - 1) return fail('TagOrder', 'only the last record of a match has a MatchResult', mr.line);
      if (mr.value !== 'A' && mr.value !== 'B' && mr.value !== 'draw')
        return fail('BadTagValue', `MatchResult is A, B or draw, got '${mr.value}'`, mr.line);
      matchResult = { value: mr.value, game: g };
    }
    const game = gameVerdicts(g, number, info, before, hints);
    if (!game.ok) return game;
    verdicts.push(...game.value);
    const score = PAIR.exec(tag(g, 'Score'));
    if (score) before = { A: Number(score[1]), B: Number(score[2]) };
  }
  if (matchResult) {
    const score = PAIR.exec(tag(matchResult.game, 'Score'))!;
    const winner = matchResult.value;
    verdicts.push({
      type: 'match-over',
      atMs: 0,
      ...(winner !== 'draw' ? { winner } : {}),
      score: { A: Number(score[1]), B: Number(score[2]) },
      games: games.length,
    });
  }
  return ok({ info, verdicts: verdicts.map((verdict, k) => ({ seq: k + 1, verdict })) });
}

function gameVerdicts(
  g: RawGame,
  number: number,
  info: MatchInfo,
  scoreBefore: { readonly A: number; readonly B: number },
  hints: { A: number; B: number },
): Result<Verdict[], SgnError> {
  const tag = (name: string): { value: string; line: number } => g.tags.get(name)!;
  const playerOf = (name: string): Player | undefined => (name === info.players.A ? 'A' : name === info.players.B ? 'B' : undefined);
  const [s1, s2] = g.sides;
  const p1 = playerOf(tag(capitalised(s1)).value);
  const p2 = playerOf(tag(capitalised(s2)).value);
  if (!p1 || !p2 || p1 === p2)
    return fail('BadTagValue', 'the side tags must name PlayerA and PlayerB, one each', tag(capitalised(p1 ? s2 : s1)).line);
  const result = tag('Result');
  if (!RESULTS.includes(result.value as GameResult))
    return fail('BadTagValue', `Result is 1-0, 0-1, 1/2-1/2 or *, got '${result.value}'`, result.line);
  const points = PAIR.exec(tag('Points').value);
  if (!points) return fail('BadTagValue', `Points must be A-B, got '${tag('Points').value}'`, tag('Points').line);
  const score = PAIR.exec(tag('Score').value);
  if (!score) return fail('BadTagValue', `Score must be A-B, got '${tag('Score').value}'`, tag('Score').line);

  const out: Verdict[] = [
    { type: 'game-started', atMs: 0, game: number, players: { [s1]: p1, [s2]: p2 }, position: tag('Position').value },
  ];
  const fouls: Record<string, number> = {};
  const attribution = { game: number, score: scoreBefore };
  let half = 0;
  let numbered = false;
  let numberDue = true;
  const tokens = g.moves;
  for (const [k, t] of tokens.entries()) {
    const last = k === tokens.length - 1;
    if (last) {
      if (numbered) return fail('BadMoveNumber', 'a move number with no move after it', t.line, t.column);
      if (t.text !== result.value)
        return fail('ResultMismatch', `the move text ends in ${t.text}, the Result tag says ${result.value}`, t.line, t.column);
      break;
    }
    const number = /^(\d+)(\.|\.\.\.)$/.exec(t.text);
    if (number) {
      const n = Math.floor(half / 2) + 1;
      const due = half % 2 === 0 ? `${n}.` : numberDue ? `${n}...` : undefined;
      if (numbered || t.text !== due)
        return fail(
          'BadMoveNumber',
          due ? `the move number due here is ${due}, found ${t.text}` : `no move number is due here, found ${t.text}`,
          t.line,
          t.column,
        );
      numbered = true;
      continue;
    }
    if (t.text.startsWith('{')) {
      if (numbered) return fail('BadComment', 'a comment between a move number and its move', t.line, t.column);
      const v = commentVerdicts(t, g.sides, fouls, attribution, { players: { [s1]: p1, [s2]: p2 }, hints });
      if (!v.ok) return v;
      out.push(...v.value);
      numberDue = true;
      continue;
    }
    if (RESULTS.includes(t.text as GameResult)) return fail('BadToken', `a result before the end of the move text`, t.line, t.column);
    const due = half % 2 === 0 ? `${Math.floor(half / 2) + 1}.` : numberDue ? `${Math.floor(half / 2) + 1}...` : undefined;
    if (due && !numbered) return fail('BadMoveNumber', `the move number ${due} is due before ${t.text}`, t.line, t.column);
    const side = g.sides[half % 2]!;
    if (t.text !== '--') out.push({ type: 'move', atMs: 0, side, move: t.text, position: '' });
    half++;
    numbered = false;
    numberDue = false;
  }
  if (result.value !== '*') {
    const winner = result.value === '1-0' ? s1 : result.value === '0-1' ? s2 : undefined;
    const winnerPlayer = winner === s1 ? p1 : winner === s2 ? p2 : undefined;
    const awarded = { A: Number(points[1]), B: Number(points[2]) };
    out.push({
      type: 'game-over',
      atMs: 0,
      game: number,
      ...(winner !== undefined && winnerPlayer !== undefined ? { winner, winnerPlayer } : {}),
      reason: tag('Termination').value,
      points: winnerPlayer ? awarded[winnerPlayer] : 0,
      awarded,
      score: { A: Number(score[1]), B: Number(score[2]) },
    });
  }
  return ok(out);
}

const FOUL = /^\{foul (\S+) (\S+): (.*)\}$/;
const isFoulCode = (code: string): code is FoulCode => (FOUL_CODES as readonly string[]).includes(code);
const CRASH = /^\{crash (\S+) toward (white|black) during (lift|place|roll|none)(?: at (\S+))?\}$/;
const FORFEIT = /^\{forfeit (\S+) (no-move|holding|fouls): (.*)\}$/;
const ATTRIBUTED = /^\{attributed (\S+): (.*)\}$/;
const COMPUTER = /^\{computer (\S+) (\S+)\}$/;
const HINT = /^\{hint (\S+) (\S+)\}$/;
const TAKEBACK = /^\{takeback ([1-9]\d*): ((?:\S+ \S+)(?:, \S+ \S+)*)(?:; withdraws (\S+) (\S+))?\}$/;

/**
 * The verdicts a comment keeps. `attribution`: what an attribution comment withdraws to (its
 * game, and the match score before it). A takeback is its moves (the move text no longer has
 * them) and the takeback that takes them back, so that the store files them as the referee did.
 */
/** Who plays each side in this game, and each player's hints in the match so far (a hint's count). */
interface HintCount {
  readonly players: Readonly<Record<string, Player>>;
  readonly hints: { A: number; B: number };
}

function commentVerdicts(
  t: Token,
  sides: readonly string[],
  fouls: Record<string, number>,
  attribution: { readonly game: number; readonly score: { readonly A: number; readonly B: number } },
  advice: HintCount,
): Result<Verdict[], SgnError> {
  const one = commentVerdict(t, sides, fouls, attribution, advice);
  if (one.ok || !TAKEBACK.test(t.text)) return one.ok ? ok([one.value]) : one;
  const [, count, list, foulSide, foulCode] = TAKEBACK.exec(t.text) as unknown as [string, string, string, string?, string?];
  const moves = list.split(', ').map((pair) => {
    const [side = '', move = ''] = pair.split(' ');
    return { side, move };
  });
  const stranger = moves.find((m) => !sides.includes(m.side));
  if (stranger) return fail('BadComment', `'${stranger.side}' is not a side of this game: ${excerpt(t.text)}`, t.line, t.column);
  if (moves.length !== Number(count))
    return fail('BadComment', `a takeback of ${count} names ${moves.length} moves: ${excerpt(t.text)}`, t.line, t.column);
  let withdrawn: { side: string; code: FoulCode } | undefined;
  if (foulSide !== undefined && foulCode !== undefined) {
    if (!sides.includes(foulSide))
      return fail('BadComment', `'${foulSide}' is not a side of this game: ${excerpt(t.text)}`, t.line, t.column);
    if (!isFoulCode(foulCode)) return fail('BadComment', `'${foulCode}' is not a foul code: ${excerpt(t.text)}`, t.line, t.column);
    // The foul withdrawn no longer counts: the next one's count is one less.
    fouls[foulSide] = Math.max(0, (fouls[foulSide] ?? 0) - 1);
    withdrawn = { side: foulSide, code: foulCode };
  }
  return ok([
    ...moves.map((m): Verdict => ({ type: 'move', atMs: 0, side: m.side, move: m.move, position: '' })),
    { type: 'takeback', atMs: 0, side: moves[0]!.side, plies: moves.length, moves, position: '', ...(withdrawn ? { withdrawn } : {}) },
  ]);
}

function commentVerdict(
  t: Token,
  sides: readonly string[],
  fouls: Record<string, number>,
  attribution: { readonly game: number; readonly score: { readonly A: number; readonly B: number } },
  advice: HintCount,
): Result<Verdict, SgnError> {
  const bad = (why: string) => fail('BadComment', `${why}: ${excerpt(t.text)}`, t.line, t.column);
  const side = (s: string): boolean => sides.includes(s);
  const computer = COMPUTER.exec(t.text);
  if (computer) {
    const [, s, move] = computer as unknown as [string, string, string];
    if (!side(s)) return bad(`'${s}' is not a side of this game`);
    return ok({ type: 'computer-move', atMs: 0, side: s, move, position: '' });
  }
  const hint = HINT.exec(t.text);
  if (hint) {
    const [, s, move] = hint as unknown as [string, string, string];
    const player = advice.players[s];
    if (!side(s) || !player) return bad(`'${s}' is not a side of this game`);
    advice.hints[player]++;
    return ok({ type: 'hint', atMs: 0, side: s, player, move, count: advice.hints[player] });
  }
  let m = FOUL.exec(t.text);
  if (m) {
    const [, s, code, message] = m as unknown as [string, string, string, string];
    if (!side(s)) return bad(`'${s}' is not a side of this game`);
    if (!(FOUL_CODES as readonly string[]).includes(code)) return bad(`'${code}' is not a foul code`);
    fouls[s] = (fouls[s] ?? 0) + 1;
    return ok({ type: 'foul', atMs: 0, side: s, code: code as (typeof FOUL_CODES)[number], message, restore: [], count: fouls[s] });
  }
  m = CRASH.exec(t.text);
  if (m) {
    const [, loser, toward, during, well] = m as unknown as [
      string,
      string,
      'white' | 'black',
      'lift' | 'place' | 'roll' | 'none',
      string?,
    ];
    if (!side(loser)) return bad(`'${loser}' is not a side of this game`);
    return ok({ type: 'crash', atMs: 0, loser, toward, during, ...(well !== undefined ? { well } : {}) });
  }
  m = FORFEIT.exec(t.text);
  if (m) {
    const [, loser, reason, message] = m as unknown as [string, string, 'no-move' | 'holding' | 'fouls', string];
    if (!side(loser)) return bad(`'${loser}' is not a side of this game`);
    return ok({ type: 'forfeit', atMs: 0, loser, reason, message });
  }
  m = ATTRIBUTED.exec(t.text);
  if (m) {
    const [, to, message] = m as unknown as [string, string, string];
    if (!side(to) && to !== 'none') return bad(`'${to}' is not a side of this game or none`);
    return ok({ type: 'attributed', atMs: 0, game: attribution.game, to, message, score: { ...attribution.score } });
  }
  return bad(
    "a comment is a foul, a crash, a forfeit, an attribution, a takeback, the computer's move or a hint ({foul SIDE CODE: message}, {crash SIDE toward T during D}, {forfeit SIDE REASON: message}, {attributed SIDE|none: message}, {takeback N: SIDE MOVE, ...}, {computer SIDE MOVE}, {hint SIDE MOVE})",
  );
}
