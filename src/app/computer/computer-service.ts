/**
 * The computer at the board, as a service of the run that hears each match (as speech and
 * MQTT do): after each verdict, when a game is on, the side to move is the computer's player's,
 * no computer move is pending and the board is not being put right (no foul standing, no
 * resync), it asks the advisor for the move of the position and hands the answer to the
 * referee (`advise`, role `computer`), which says it (`computer-move`) for the person at the
 * board to carry out. It also answers hints: the best move for the side to move, asked by a
 * person (the terminal's `hint`, the dashboard, MQTT), handed to the referee as role `hint`.
 *
 * The search runs off the event loop (the advisor's thread or process): the referee goes on
 * hearing the board meanwhile. An answer that comes after the game moved on (a move, a
 * takeback) is dropped (the referee would refuse it too); a running search for a position that
 * is no longer the game's is cancelled. An engine that fails is said as a notice, and the
 * match goes on without the computer's move: the person may play it by hand.
 */
import type { Level } from '../../engine/types.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { err, ok, type Result } from '../../util/result.ts';
import type { MatchContext } from '../match-context.ts';
import type { Service, ServiceContext } from '../service.ts';
import type { Advisor, PendingAdvice } from './advisor.ts';
import { gameLine, type GameLine } from './game-line.ts';
import type { ComputerSeat } from '../../rulesets/computer-seat.ts';

/** The hints' strength: the full search, for this long at most. */
const HINT_LEVEL: Level = 10;
export const HINT_MOVETIME_MS = 1000;
/** The computer's moves, at most (a level's own node budget usually ends the search well before). */
export const COMPUTER_MOVETIME_MS = 1000;

export interface ComputerSettings {
  /** The computer's seat in the match being refereed, read as each match attaches (undefined: nobody plays the computer). */
  readonly seatOf: () => ComputerSeat | undefined;
  /** `--hints on|off` (undefined: on); never under the tournament policy. */
  readonly hints: boolean | undefined;
  readonly movetimeMs?: number;
}

/** What a hint gave: the side and player it was for, the move, and the player's hints in the match so far. */
type HintGiven = { readonly side: string; readonly player: string; readonly move: string; readonly count: number };

export class ComputerService implements Service {
  readonly name = 'computer';
  #match: MatchContext | undefined;
  #seat: ComputerSeat | undefined;
  /** The ask for the computer's move under way, and the position it is for. */
  #asking: { readonly position: string; readonly pending: PendingAdvice } | undefined;
  /** A position whose ask failed: not asked again (the notice was said; the person may move by hand). */
  #failed: string | undefined;

  constructor(
    private readonly context: ServiceContext<ComputerSettings>,
    /** Undefined: no engine plays this game (a computer or a hint is refused with that reason). */
    private readonly advisor: Advisor | undefined,
  ) {}

  async start(): Promise<void> {
    await this.advisor?.start();
  }

  async stop(): Promise<void> {
    this.#asking?.pending.cancel();
    this.#asking = undefined;
    await this.advisor?.stop();
  }

  attach(match: MatchContext): void {
    this.#match = match;
    this.#seat = this.context.settings.seatOf();
    this.#failed = undefined;
    if (this.#seat && !this.advisor) this.context.notice('warn', 'no engine plays this game: the computer will not move');
    match.bus.on('verdict', this, (v) => this.#consider(v));
    // A resumed match may stand at the computer's turn already: looked at once the match has started.
    match.scheduler.setTimeout(() => this.#consider(), 0);
  }

  detach(): void {
    this.#match?.bus.removeListeners(this);
    this.#asking?.pending.cancel();
    this.#asking = undefined;
    this.#match = undefined;
  }

  /** Whether a computer move is due now, and for which position. */
  #due(): string | undefined {
    const s = this.#match?.snapshot();
    const seat = this.#seat;
    if (!s || !seat || s.phase !== 'play' || s.turn === undefined || s.pendingFoul || s.computerMove) return undefined;
    return s.players[s.turn] === seat.player ? s.position : undefined;
  }

  /** `heard`: the verdict that made it look, said but not yet in the match's log. */
  #consider(heard?: Verdict): void {
    const match = this.#match;
    const seat = this.#seat;
    if (!match || !seat || !this.advisor) return;
    const position = this.#due();
    if (this.#asking && this.#asking.position !== position) {
      this.#asking.pending.cancel();
      this.#asking = undefined;
    }
    if (position === undefined || this.#asking || this.#failed === position) return;
    const pending = this.advisor.ask({
      position,
      level: seat.level,
      movetimeMs: this.context.settings.movetimeMs ?? COMPUTER_MOVETIME_MS,
      ...this.#line(match, position, heard),
    });
    const asking = { position, pending };
    this.#asking = asking;
    void pending.done.then((answer) => {
      if (this.#asking !== asking || this.#match !== match) return;
      this.#asking = undefined;
      if (!answer.ok) {
        if (answer.error.code === 'Cancelled' || answer.error.code === 'NoMove') return;
        this.#failed = position;
        this.context.notice(
          'warn',
          `the computer cannot move: ${this.advisor!.name}: ${answer.error.message}; its move may be played by hand`,
        );
        return;
      }
      // Stale: the game moved on while it thought (the referee would refuse it too).
      if (this.#due() !== position) return;
      match.advise({ role: 'computer', move: answer.value, position });
    });
  }

  /**
   * The game so far for the engine, from the match's verdicts (a resumed match's earlier
   * sessions' too, and `heard`, said but not yet logged), where they lead to `position`.
   */
  #line(match: MatchContext, position: string, heard?: Verdict): { game?: GameLine } {
    const verdicts = match.verdictsAfter(0).map((l) => l.verdict);
    if (heard && verdicts.at(-1) !== heard) verdicts.push(heard);
    const line = gameLine(verdicts, position);
    return line ? { game: line } : {};
  }

  /** A hint for the side to move of the match being refereed, handed to the referee; the error is a sentence for the person who asked. */
  async hint(): Promise<Result<HintGiven, string>> {
    const match = this.#match;
    if (!match) return err('no match is being refereed');
    // A tournament game is the players' own: no engine helps either side, whatever the setting.
    if (match.header.settings.policy === 'tournament') return err('no hints under the tournament policy');
    if (this.context.settings.hints === false) return err('hints are switched off (--hints off)');
    if (!this.advisor) return err(`no engine plays ${match.header.ruleset}: no hints`);
    const s = match.snapshot();
    if (!s || s.phase !== 'play' || s.turn === undefined)
      return err(`no hint now: a hint is for the side to move of a game under way (${s?.phase ?? 'no match'})`);
    if (this.#seat && s.players[s.turn] === this.#seat.player) return err(`no hint now: it is the computer's turn (${s.turn})`);
    const answer = await this.advisor.ask({
      position: s.position,
      level: HINT_LEVEL,
      movetimeMs: HINT_MOVETIME_MS,
      ...this.#line(match, s.position),
    }).done;
    if (!answer.ok) return err(`no hint: ${this.advisor.name}: ${answer.error.message}`);
    if (this.#match !== match) return err('no hint: the match was replaced meanwhile');
    const verdicts = match.advise({ role: 'hint', move: answer.value, position: s.position });
    const hint = verdicts.find((v): v is Extract<Verdict, { type: 'hint' }> => v.type === 'hint');
    if (hint) return ok({ side: hint.side, player: hint.player, move: hint.move, count: hint.count });
    const notice = verdicts.find((v) => v.type === 'notice');
    return err(notice?.type === 'notice' ? `no hint: ${notice.message}` : 'no hint: the game moved on while the engine thought');
  }
}
