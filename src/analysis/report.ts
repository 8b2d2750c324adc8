/**
 * The analysis as people read it (a table per game and the mistakes per player) and as
 * programs do (JSON, docs/analysis.md). Scores are from the first side's view throughout.
 */
import type { Player } from '../rules/match/track.ts';
import type { GameAnalysis, PlyAnalysis } from './analyse-game.ts';
import type { MatchAnalysis } from './analyse-match.ts';
import { formatEvaluation } from './evaluation.ts';

export const ANALYSIS_FORMAT = 'senryaku-analysis';
export const ANALYSIS_VERSION = 1;

/** The match the analysis is of, as its record names it. */
export interface AnalysedMatch {
  readonly matchId: string;
  readonly players: { readonly A: string; readonly B: string };
}

/** The JSON document `senryaku analyse --json` prints. */
export function analysisDocument(match: AnalysedMatch, analysis: MatchAnalysis): object {
  return { format: ANALYSIS_FORMAT, version: ANALYSIS_VERSION, matchId: match.matchId, players: match.players, ...analysis };
}

/** The text `senryaku analyse` prints: each game's table, then the mistakes per player. */
export function analysisLines(match: AnalysedMatch, analysis: MatchAnalysis): string[] {
  const name = (p: Player): string => `${match.players[p]} (${p})`;
  const limits = [
    ...(analysis.limits.depth !== undefined ? [`depth ${analysis.limits.depth}`] : []),
    ...(analysis.limits.nodes !== undefined ? [`${analysis.limits.nodes} nodes`] : []),
  ].join(' or ');
  const lines = [`match ${match.matchId} (${analysis.ruleset}), each position searched to ${limits}; scores from the first side's view`];
  for (const g of analysis.games) lines.push('', ...gameLines(g, name));
  const count = (p: Player): string => `${name(p)} ${analysis.mistakes[p]}`;
  lines.push('', `mistakes (moves that lost when the mover could have avoided it): ${count('A')}, ${count('B')}`);
  return lines;
}

function gameLines(g: GameAnalysis, name: (p: Player) => string): string[] {
  const first = g.sides[0].side;
  const header = `game ${g.number}: ${g.sides.map((s) => `${s.side} ${name(s.player)}`).join(', ')}; ${ending(g)}; start ${formatEvaluation(g.startEvaluation, first)}`;
  const rows = g.plies.map((p) => [
    String(p.ply),
    p.side,
    p.move ?? `crash (${p.crash?.during ?? '?'}${p.crash?.well !== undefined ? ` ${p.crash.well}` : ''})`,
    formatEvaluation(p.after, first),
    bestText(p, first),
    p.mark ?? '',
  ]);
  const table = [['ply', 'side', 'move', 'eval', 'best', 'mark'], ...rows];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  const out = [
    header,
    ...table.map((r) =>
      r
        .map((cell, c) => (c === 0 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd(),
    ),
  ];
  if (g.note !== undefined) out.push(`note: ${g.note}`);
  return out;
}

/** The engine's move, with the score it was found to keep when the move played lost. */
function bestText(p: PlyAnalysis, first: string): string {
  if (p.best === undefined) return '-';
  return p.bestAfter !== undefined ? `${p.best} (${formatEvaluation(p.bestAfter, first)})` : p.best;
}

function ending(g: GameAnalysis): string {
  if (g.result !== undefined)
    return g.result.winner !== undefined ? `${g.result.winner} won by ${g.result.reason}` : `drawn (${g.result.reason})`;
  const end = g.end;
  return end?.kind === 'crash'
    ? `${end.loser} crashed the board`
    : end?.kind === 'forfeit'
      ? `${end.loser} forfeited (${end.reason})`
      : 'not finished';
}
