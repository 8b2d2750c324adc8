/**
 * Verdicts as the referee says them aloud (`senryaku referee --speak`): a physical game is
 * played looking at the board, not a screen, so the verdict a player must act on is said in a
 * sentence or two of the game's words, shorter than the terminal's line (verdict-text.ts).
 * What a player need not hear is not said: lifts, a capture begun, the sensors' health, the
 * calibration's doubts, notices. A speech synthesiser reads the text as written, so it is
 * written to be read: moves as "c2 to c3", a one-letter player name followed by punctuation
 * (espeak-ng says "A," as the letter but "A wins" as the article).
 */
import { foulWords } from '../referee/foul-words.ts';
import type { Restoration, Verdict } from '../referee/verdicts.ts';
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { GameWords } from '../rulesets/words.ts';
import type { PlayerNames } from './verdict-text.ts';

/** What the sentences are made of: the game's words, the players' names, and its pieces by their letter in the position notation. */
export interface SpeechTerms {
  readonly words: GameWords;
  readonly players: PlayerNames;
  /** A piece by its letter ('b': 'black sphere'), from the game's drawing; a letter it lacks is called the game's piece. */
  readonly pieceNames?: Readonly<Record<string, string>>;
}

/** Steps of a restore said one by one; more are counted, not read out (the terminal and the dashboard list them all). */
const MAX_STEPS_SAID = 3;

const side = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const sentence = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;

/** A move in any of the games' notations (`c2-c3`, `b4xc5`) as words; anything else as written. */
export function spokenMove(move: string): string {
  if (!/^[a-z]+\d+(?:[-x][a-z]+\d+)+$/.test(move)) return move;
  return move.replace(/-/g, ' to ').replace(/(\d)x/g, '$1 takes ');
}

/** The sentence said for a verdict, or undefined for one that is not said. */
export function spokenVerdict(v: Verdict, terms: SpeechTerms): string | undefined {
  const { words, players } = terms;
  const piece = (letter: string | undefined): string => (letter !== undefined ? terms.pieceNames?.[letter] : undefined) ?? words.piece;
  const score = (s: ByPlayer<number>): string => `Score: ${players.A}, ${s.A}; ${players.B}, ${s.B}.`;
  const steps = (restore: readonly Restoration[]): string => {
    const said = restore.slice(0, MAX_STEPS_SAID).map((r) => sentence(restorationWords(r, piece(r.sphere))));
    const more = restore.length - said.length;
    return [...said, ...(more > 0 ? [`And ${more} more.`] : [])].join(' ');
  };
  switch (v.type) {
    case 'setup': {
      const count = v.missing.length + v.extra.length;
      if (count === 0) return undefined;
      if (count > MAX_STEPS_SAID) return `Set up game ${v.game}.`;
      const parts = [
        ...(v.missing.length ? [`a ${words.piece} on ${v.missing.join(' and ')}`] : []),
        ...(v.extra.length ? [`clear ${v.extra.join(' and ')}`] : []),
      ];
      return `Set up game ${v.game}: ${parts.join('; ')}.`;
    }
    case 'game-started': {
      const sides = Object.entries(v.players);
      const who = sides.map(([s, p]) => `${side(s)}: ${players[p]}`).join(', ');
      return `Game ${v.game}. ${who}. ${side(sides[0]?.[0] ?? '')} to move.`;
    }
    case 'move':
      return `${side(v.side)}: ${spokenMove(v.move)}${v.unheard ? ', seen on reconnect' : ''}.`;
    case 'touch-move':
      return `Touch move: the ${words.piece} on ${v.well} must be moved.`;
    case 'computer-move':
      return `Computer: ${spokenMove(v.move)}.`;
    case 'hint':
      return `Hint: ${spokenMove(v.move)}.`;
    case 'foul':
      return [`Foul by ${side(v.side)}: ${foulWords(v.code, words)}.`, steps(v.restore)].filter(Boolean).join(' ');
    case 'restored':
      return `Restored. ${side(v.side)} to move.`;
    case 'takeback':
      return `Taken back: ${v.moves.map((m) => `${side(m.side)}, ${spokenMove(m.move)}`).join('; ')}. ${side(v.side)} to move.`;
    case 'board-tipped':
      return 'Crash!';
    case 'crash':
      return `${side(v.loser)} crashed the board.`;
    case 'forfeit':
      return `${side(v.loser)} forfeits: ${FORFEIT_WORDS[v.reason]}.`;
    case 'game-over':
      return v.winner ? `${side(v.winner)} wins game ${v.game}. ${score(v.score)}` : `Game ${v.game} is drawn. ${score(v.score)}`;
    case 'attributed':
      return v.to === 'none' ? `Nobody held the board: game ${v.game} goes on. ${score(v.score)}` : `${side(v.to)} held the board.`;
    case 'match-over':
      return matchOver(v.winner, v.score, players);
    case 'resync-needed': {
      const restore = v.restore?.length ? v.restore : v.differences.map(differenceAsStep);
      return `The board differs from the game. ${steps(restore)}`.trimEnd();
    }
    case 'resync-done':
      return 'The board matches the game again.';
    case 'lifted':
    case 'capture-started':
    case 'model-disagreement':
    case 'sensor-fault':
    case 'sensor-cleared':
    case 'notice':
      return undefined;
  }
}

/**
 * The verdicts of one moment (a move and the game's end it brings, a crash and the match's
 * end) as one utterance, in order: said together, so that the last does not cut the first.
 * Undefined when none of them is said.
 */
export function spokenTogether(verdicts: readonly Verdict[], terms: SpeechTerms): string | undefined {
  const said = verdicts.map((v) => spokenVerdict(v, terms)).filter((s): s is string => s !== undefined);
  return said.length > 0 ? said.join(' ') : undefined;
}

const FORFEIT_WORDS = { 'no-move': 'no legal move', holding: 'holding the board', fouls: 'too many fouls' } as const;

function restorationWords(r: Restoration, piece: string): string {
  switch (r.action) {
    case 'put-back':
      return `put the ${piece} back on ${r.well}`;
    case 'remove':
      return `take the ${piece} off ${r.well}`;
    case 'move-back':
      return `move the ${piece} on ${r.from} back to ${r.well}`;
  }
}

/** A difference the referee gave no restore steps for, as one. */
function differenceAsStep(d: Extract<Verdict, { type: 'resync-needed' }>['differences'][number]): Restoration {
  return d.expected === 'empty' ? { action: 'remove', well: d.well } : { action: 'put-back', well: d.well, sphere: d.expected };
}

function matchOver(winner: Player | undefined, score: ByPlayer<number>, players: PlayerNames): string {
  if (!winner) return `Match over: a draw, ${score.A} all.`;
  const loser: Player = winner === 'A' ? 'B' : 'A';
  return `Match over. Winner: ${players[winner]}, ${score[winner]} to ${score[loser]}.`;
}
