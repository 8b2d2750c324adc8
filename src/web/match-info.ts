/**
 * What the server tells a page of a match's game, read from the game's descriptor: its name,
 * words, board and drawing, and each verdict's pieces in play where its scoring board counts
 * them, and its own match options as the new-match form's fields. The server finds the
 * descriptor by the journal header's id in the registry it was given; it never names a game
 * itself.
 */
import type { SessionContext } from '../app/referee-app.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { plainDrawing } from '../rulesets/board-drawing.ts';
import type { MatchOptionSpec } from '../rulesets/match-options.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import type { GameWords } from '../rulesets/words.ts';
import { DEFAULT_LEVEL, sidesOf } from '../rulesets/computer-seat.ts';
import type { HeardVerdict, MatchInfo, MatchOptionField, OptionInput } from './protocol.ts';

/** The words for a game this server does not know. */
const NEUTRAL_WORDS: GameWords = { piece: 'piece', pieces: 'pieces', cell: 'cell', cells: 'cells' };

/** The input a declared option's value takes, from the settings schema it declares. */
function inputOf(schema: MatchOptionSpec['schema']): OptionInput {
  if (schema.type === 'integer') return { kind: 'number', min: schema.minimum, max: schema.maximum };
  if ('enum' in schema) return { kind: 'choice', choices: schema.enum };
  return { kind: 'text', pattern: schema.pattern, expected: schema['x-expected'] };
}

/** A game's declared match option as the new-match form's field. */
export const optionField = (o: MatchOptionSpec): MatchOptionField => ({
  name: o.name,
  value: o.value,
  help: o.help,
  ...(o.default !== undefined ? { default: o.default } : {}),
  input: inputOf(o.schema),
});

/** The game of a match, as the page draws and words it (a game without a drawing of its own gets a plain grid), and its options. */
export function gameOf(rulesets: RulesetRegistry, id: string): Pick<MatchInfo, 'rulesetName' | 'words' | 'board' | 'drawing' | 'options'> {
  const found = rulesets.byId(id);
  if (!found.ok) return { rulesetName: id, words: NEUTRAL_WORDS, board: { files: 0, ranks: 0, pivots: false, tilt: false }, options: [] };
  const r = found.value;
  return {
    rulesetName: r.name,
    words: r.words,
    board: r.board,
    drawing: r.drawing ?? plainDrawing(r.name, r.board, r.words),
    options: [...r.options.map(optionField), ...computerField(r)],
  };
}

/** The computer's seat (`--computer`), a field where the game has an engine: a side in the game's words, with a level. */
function computerField(r: Ruleset): MatchOptionField[] {
  const sides = sidesOf(r);
  if (r.engine === undefined || sides.length === 0) return [];
  const value = `${sides.join('|')}[:LEVEL]|off`;
  return [
    {
      name: 'computer',
      value,
      help: `The computer plays this side in game 1 (it stays that player), at level 1 to 10 (default ${DEFAULT_LEVEL}); off: two people.`,
      default: 'off',
      input: {
        kind: 'text',
        pattern: `(off|(${sides.join('|')})(:([1-9]|10))?)`,
        expected: `${sides.join(' or ')}, with :LEVEL 1 to 10, or off`,
      },
    },
  ];
}

/** A verdict as the page hears it: with the pieces in play of its position, for a game whose scoring board shows them. */
export function heardVerdict(ruleset: Ruleset | undefined, seq: number, verdict: Verdict, heardMs: number): HeardVerdict {
  const inPlay = ruleset?.piecesInPlay && 'position' in verdict ? ruleset.piecesInPlay(verdict.position) : undefined;
  return { seq, verdict, heardMs, ...(inPlay ? { inPlay } : {}) };
}

/** The match a session referees, as a page is told of it. */
export function matchInfoOf(session: SessionContext, rulesets: RulesetRegistry): MatchInfo {
  const h = session.header;
  const players = (h.settings as { players?: { A?: unknown; B?: unknown } }).players;
  return {
    matchId: session.matchId,
    ruleset: h.ruleset,
    ...gameOf(rulesets, h.ruleset),
    players: { A: typeof players?.A === 'string' ? players.A : 'A', B: typeof players?.B === 'string' ? players.B : 'B' },
    startedAt: h.startedAt,
  };
}
