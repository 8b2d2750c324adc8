/** Verdicts as people read them in a terminal, one line each (JSON output uses the verdicts as they are). */
import { describeRestoration } from '../referee/board-view.ts';
import { foulWords } from '../referee/foul-words.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { Player } from '../rules/match/track.ts';
import type { GameWords } from '../rulesets/words.ts';

/** A side as the game names it, capitalised: White, Black, Light, Dark. */
const side = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
/** Moment left before tipping, in the profile's mass × pitch: at most two decimals, no trailing zeros. */
const margin = (m: number): string => String(Math.round(m * 100) / 100);
const ordinal = (n: number): string => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

export type PlayerNames = { readonly [P in Player]: string };
const LETTERS: PlayerNames = { A: 'A', B: 'B' };

/** One verdict in words; `words`: what the game calls its pieces (restore steps name them). */
export function verdictText(v: Verdict, words: GameWords, names: PlayerNames = LETTERS): string {
  return `[${clock(v.atMs)}] ${body(v, words, (p) => (names[p] === p ? p : `${names[p]} (${p})`))}`;
}

function body(v: Verdict, words: GameWords, player: (p: Player) => string): string {
  switch (v.type) {
    case 'setup': {
      const parts = [v.missing.length ? `place pieces on ${v.missing.join(' ')}` : '', v.extra.length ? `clear ${v.extra.join(' ')}` : ''];
      return `Set up game ${v.game}: ${parts.filter(Boolean).join('; ') || 'the start position stands'}`;
    }
    case 'game-started': {
      // The players come in playing order: the first side listed moves first.
      const sides = Object.entries(v.players);
      const who = sides.map(([s, p]) => `${player(p)} plays ${side(s)}`).join(', ');
      return `Game ${v.game} starts: ${who}. ${side(sides[0]?.[0] ?? '')} to move.`;
    }
    case 'lifted':
      return `${side(v.side)} lifts ${v.well} (may go to ${v.destinations.join(', ')})`;
    case 'capture-started':
      return `${side(v.side)} starts a capture on ${v.captured} (${v.order})`;
    case 'move': {
      // A move made while the board was not heard, inferred from the board found when it was heard again.
      const unheard = v.unheard ? ' (made while the board was not heard: seen on reconnect)' : '';
      return v.balance
        ? `${side(v.side)} ${v.move}${unheard}   tip margin: toward White ${margin(v.balance.tipMargin.white)}, toward Black ${margin(v.balance.tipMargin.black)}   ${v.position}`
        : `${side(v.side)} ${v.move}${unheard}   ${v.position}`;
    }
    case 'touch-move':
      return `Touch move: ${v.message}`;
    case 'computer-move':
      return `Computer (${side(v.side)}) plays ${v.move}: carry it out on the board   ${v.position}`;
    case 'hint':
      return `Hint for ${side(v.side)} (${player(v.player)}, ${ordinal(v.count)} hint this match): ${v.move}`;
    case 'foul':
      return `FOUL by ${side(v.side)} (${ordinal(v.count)} this game, ${foulWords(v.code, words)}): ${v.message}.${v.restore.length ? ` To restore: ${v.restore.map((r) => describeRestoration(r, words.piece)).join('; ')}.` : ''}`;
    case 'restored':
      return `Board restored: ${side(v.side)} to move`;
    case 'takeback': {
      const withdrawn = v.withdrawn ? ` (the foul by ${side(v.withdrawn.side)} withdrawn)` : '';
      return `Takeback: ${v.moves.map((m) => `${side(m.side)} ${m.move}`).join(', ')} taken back${withdrawn}; ${side(v.side)} to move   ${v.position}`;
    }
    case 'board-tipped':
      return `The board crashed toward ${side(v.toward)}: whose action it was follows`;
    case 'crash':
      return `CRASH: the board tipped toward ${side(v.toward)}${v.during !== 'none' ? ` on a ${v.during}${v.well ? ` at ${v.well}` : ''}` : ''}: ${side(v.loser)} loses`;
    case 'forfeit':
      return `FORFEIT (${v.reason}): ${v.message}: ${side(v.loser)} loses`;
    case 'game-over':
      return v.winner && v.winnerPlayer
        ? `Game ${v.game} over: ${side(v.winner)} (${player(v.winnerPlayer)}) wins by ${v.reason}, ${v.points} point${v.points === 1 ? '' : 's'}. Score A ${v.score.A} - B ${v.score.B}`
        : `Game ${v.game} over: a draw by ${v.reason}. Score A ${v.score.A} - B ${v.score.B}`;
    case 'attributed':
      return `Holding in game ${v.game} attributed: ${v.message}. Score back to A ${v.score.A} - B ${v.score.B}`;
    case 'match-over':
      if (!v.winner) return `MATCH OVER after ${v.games} games: drawn, A ${v.score.A} - B ${v.score.B}`;
      return `MATCH OVER after ${v.games} games: ${player(v.winner)} wins, A ${v.score.A} - B ${v.score.B}`;
    case 'resync-needed': {
      const why = v.message ? `${v.message.charAt(0).toUpperCase()}${v.message.slice(1)}. ` : '';
      const restore = v.restore?.length ? `. To restore: ${v.restore.map((r) => describeRestoration(r, words.piece)).join('; ')}` : '';
      return `${why}The board differs from the game: ${v.differences.map((d) => `${d.well} should ${d.expected === 'empty' ? 'be empty' : `hold '${d.expected}'`}`).join(', ')}${restore}`;
    }
    case 'resync-done':
      return `Board matches the game again: ${v.position}`;
    case 'model-disagreement':
      return v.kind === 'model-tipped'
        ? `(calibration) the model predicted a tip that the board did not make (${v.position}, lifted: ${v.lifted.join(' ') || 'none'})`
        : `(calibration) the board tipped where the model predicted it would stand (${v.position}, lifted: ${v.lifted.join(' ') || 'none'})`;
    case 'sensor-fault':
      return `SENSOR FAULT: ${v.message}`;
    case 'sensor-cleared':
      return `Sensor back: ${v.message}`;
    case 'notice':
      return v.message;
  }
}
