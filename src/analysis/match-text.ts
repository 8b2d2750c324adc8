/**
 * A match record as text, for the analysis: an SGN file (docs/sgn.md) or a JSON export of the
 * match store (`senryaku matches export`), read by the store's own readers, the verdicts each
 * given the line of the SGN file that keeps it (so that a move the engine refuses is said
 * where it is). A journal is read apart (it is gzip on disk: src/cli/commands/analyse.ts).
 */
import { parseMatchFile } from '../store/exchange.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { SourcedVerdict } from './recorded-games.ts';

/** A match record's game and verdicts, from whatever file kept them. */
export interface MatchSource {
  readonly ruleset: string;
  readonly matchId: string;
  readonly players: { readonly A: string; readonly B: string };
  readonly verdicts: readonly SourcedVerdict[];
  /**
   * The board profile the match was refereed with, as a journal header keeps it; absent for an
   * SGN file or a JSON export, which keep only its name (the analysis then plays on the game's reference board).
   */
  readonly profile?: unknown;
}

/** Text that is no match record: the reader's code and message, and the line when it knows it. */
export interface SourceProblem {
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export function readMatchText(text: string): Result<MatchSource, SourceProblem> {
  const parsed = parseMatchFile(text);
  if (!parsed.ok) {
    const { code, message } = parsed.error;
    // An SGN error says its line and column in its message too: they go apart here, as the analysis's own do.
    if (!('line' in parsed.error)) return err({ code, message });
    const { line, column } = parsed.error;
    return err({ code, message: message.replace(/^line \d+, column \d+: /, ''), line, column });
  }
  const { info } = parsed.value;
  const verdicts = parsed.value.verdicts.map((v) => v.verdict);
  const lines = text.trimStart().startsWith('{') ? undefined : sgnVerdictLines(text, verdicts.length);
  return ok({
    ruleset: info.ruleset,
    matchId: info.matchId,
    players: info.players,
    verdicts: verdicts.map((verdict: Verdict, i) => (lines ? { verdict, line: lines[i]! } : { verdict })),
  });
}

const MOVE_NUMBER = /^\d+(\.|\.\.\.)$/;
const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
const TAKEBACK = /^\{takeback ([1-9]\d*):/;

/**
 * The line of each verdict that parseSgn reads from `text` (already read without error), in
 * its order: a game's start at its Position tag, a move or comment where it stands, a game's
 * end at its result, the match's end at its MatchResult tag. Undefined if the count differs
 * from `count` (the reader changed and this did not follow): the verdicts then go without lines.
 */
function sgnVerdictLines(text: string, count: number): number[] | undefined {
  const lines = text.split('\n');
  const out: number[] = [];
  let matchOver: number | undefined;
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    let position = i + 1;
    let result = '*';
    for (; i < lines.length && lines[i] !== ''; i++) {
      if (lines[i]!.startsWith('[Position ')) position = i + 1;
      if (lines[i]!.startsWith('[MatchResult ')) matchOver = i + 1;
      const r = /^\[Result "(.*)"\]$/.exec(lines[i]!);
      if (r) result = r[1]!;
    }
    out.push(position);
    i++;
    for (let done = false; i < lines.length && !done; i++) {
      const tokens = lineTokens(lines[i]!);
      for (const [k, t] of tokens.entries()) {
        if (k === tokens.length - 1 && RESULTS.includes(t)) {
          if (result !== '*') out.push(i + 1);
          done = true;
        } else if (t.startsWith('{')) out.push(...Array<number>(1 + Number(TAKEBACK.exec(t)?.[1] ?? 0)).fill(i + 1));
        else if (!MOVE_NUMBER.test(t) && t !== '--') out.push(i + 1);
      }
    }
  }
  if (matchOver !== undefined) out.push(matchOver);
  return out.length === count ? out : undefined;
}

/** A line of move text as tokens: comments (`{...}`, on one line) whole, the rest split at spaces. */
function lineTokens(line: string): string[] {
  const tokens: string[] = [];
  let c = 0;
  while (c < line.length) {
    if (line[c] === ' ') c++;
    else if (line[c] === '{') {
      const close = line.indexOf('}', c);
      const end = close < 0 ? line.length : close + 1;
      tokens.push(line.slice(c, end));
      c = end;
    } else {
      let e = c;
      while (e < line.length && line[e] !== ' ' && line[e] !== '{') e++;
      tokens.push(line.slice(c, e));
      c = e;
    }
  }
  return tokens;
}
