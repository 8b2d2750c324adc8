/**
 * What the dashboard server and its page say to each other: the messages on the page's one
 * WebSocket and the bodies of the HTTP API. The page is built from these same types (and
 * the referee's Verdict and MatchSnapshot), so both sides agree on every field.
 */
import type { LiveLoads } from '../pipeline/live-loads.ts';
import type { LinkStatus } from '../app/event-bus.ts';
import type { MatchSnapshot } from '../app/referee-app.ts';
import type { BoardDrawing } from '../rulesets/board-drawing.ts';
import type { RulesetBoard } from '../rulesets/ruleset.ts';
import type { GameWords } from '../rulesets/words.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchInfo as StoredMatch } from '../store/model.ts';

export const ROLES = ['spectator', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The match being refereed, as the page needs it to draw the board and name the players:
 * everything about its game comes from the game's descriptor, so the page knows no game.
 */
export interface MatchInfo {
  readonly matchId: string;
  readonly ruleset: string;
  readonly rulesetName: string;
  readonly words: GameWords;
  readonly board: RulesetBoard;
  /** How to draw its board; absent for a game this server does not know (the page says it cannot draw it). */
  readonly drawing?: BoardDrawing;
  readonly players: { readonly A: string; readonly B: string };
  readonly startedAt: string;
  /** The game's own match options, as the operator's new-match form offers them (none for a game this server does not know). */
  readonly options: readonly MatchOptionField[];
}

/**
 * One of a game's own match options (what its descriptor declares, `Ruleset.options`) as a
 * form field: the page builds the field from this alone, so it knows no game's options.
 */
export interface MatchOptionField {
  /** The request's field (host-control's new_match), the flag without its dashes. */
  readonly name: string;
  /** The value's shape, as a usage line writes it: `N`, `alternate|fixed`, `games:N|points:N`. */
  readonly value: string;
  /** One line saying what it does. */
  readonly help: string;
  /** What a match takes when no option is given, as text. */
  readonly default?: string;
  readonly input: OptionInput;
}

/** What a field's value may be: a whole number within bounds, one of some words, or text of a pattern. */
export type OptionInput =
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly choices: readonly string[] }
  | { readonly kind: 'text'; readonly pattern: string; readonly expected: string };

export interface HeardVerdict {
  readonly seq: number;
  readonly verdict: Verdict;
  /** Server clock (ms since the epoch) when the verdict was heard on the bus. */
  readonly heardMs: number;
  /**
   * Each side's pieces in play in the verdict's position, for a game whose scoring board
   * shows them (Ruleset.piecesInPlay): the game counts, so the page need not know its notation.
   */
  readonly inPlay?: Readonly<Record<string, number>>;
}

/** A stored match's verdicts for the replay, with what the page needs to draw its game's board. */
export interface MatchVerdictsBody {
  readonly match: StoredMatch;
  readonly verdicts: readonly { readonly seq: number; readonly verdict: Verdict }[];
  readonly words: GameWords;
  readonly drawing?: BoardDrawing;
}

/** What the simulated board's hands hold (sim play only). */
export interface SimHands {
  readonly hand: readonly string[];
  readonly onTable: readonly string[];
  readonly tipped?: string;
  /** The wells as the simulator has them, a board field in the game's notation. */
  readonly board: string;
  /** What the simulated board's well LEDs show: each lit well by name, 0xRRGGBB. */
  readonly lit?: WellLights;
}

/** Lit wells by name, 0xRRGGBB each (a well left out is dark). */
export type WellLights = Readonly<Record<string, number>>;

/** The whole state a page starts from: sent when it connects and whenever a match begins or ends. */
export interface StateMessage {
  readonly type: 'state';
  readonly role: Role;
  /** Sim play is offered (the board is the simulated one). */
  readonly sim: boolean;
  /** Operator actions are wired (a RefereeControl was given). */
  readonly control: boolean;
  /** The match store is there (history and replay). */
  readonly history: boolean;
  readonly match?: MatchInfo;
  readonly snapshot?: MatchSnapshot;
  readonly verdicts: readonly HeardVerdict[];
  readonly serverMs: number;
  /** What the board's well LEDs show, as the board acknowledged the referee's commands (a board with LEDs only). */
  readonly lights?: WellLights;
}

export type ServerMessage =
  | StateMessage
  | ({ readonly type: 'verdict' } & HeardVerdict)
  | { readonly type: 'snapshot'; readonly snapshot: MatchSnapshot }
  | { readonly type: 'link'; readonly link: LinkStatus }
  | { readonly type: 'notice'; readonly level: 'info' | 'warn' | 'error'; readonly message: string }
  /** Per-cell live loads and link counters: to operator pages only. */
  | { readonly type: 'loads'; readonly loads: LiveLoads }
  /** What every page draws live from the loads: the balance meter's tip margins (a board that balances). */
  | { readonly type: 'balance'; readonly tipMargin: { readonly white: number; readonly black: number } }
  | { readonly type: 'hands'; readonly hands: SimHands }
  /** The board's well LEDs changed (as the board acknowledged the referee's commands). */
  | { readonly type: 'lights'; readonly wells: WellLights };

/** Sim play: one hand action on the simulated board. */
export type SimAction =
  | { readonly action: 'lift'; readonly well: string }
  | { readonly action: 'place'; readonly well: string; readonly kind?: string }
  | { readonly action: 'roll'; readonly from: string; readonly to: string }
  | { readonly action: 'press'; readonly well: string }
  /** A hand on the board: `rim-white`/`rim-black` rests on that side's rim, `centre` holds the board down. */
  | { readonly action: 'hold'; readonly where: 'rim-white' | 'rim-black' | 'centre' }
  /** A helper's hands set every piece out as the referee's position has them (a new game's setup, or a board to put right). */
  | { readonly action: 'setup' };

export const OPERATOR_ACTIONS = ['new-match', 'end-by-agreement', 'attribute-interference', 'calibrate', 'hint'] as const;
export type OperatorActionName = (typeof OPERATOR_ACTIONS)[number];

/**
 * Every API error: a sentence for a person; a request beyond a size bound also has its code
 * (TooLarge, TooLong, TooMany, TooDeep), the field and the bound; a refused Origin is
 * `BadOrigin`, a login that must wait `TooManyAttempts` (with `retryAfterS`).
 */
export interface ApiError {
  readonly error: string;
  readonly code?: string;
  readonly field?: string;
  readonly max?: number;
  readonly retryAfterS?: number;
}

/**
 * The WebSocket close code of a page that fell too far behind what it was sent (it reads too
 * slowly, or not at all): it connects again for a fresh state.
 */
export const CLOSE_TOO_FAR_BEHIND = 4008;
