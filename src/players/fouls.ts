/**
 * The players' two answers to a foul call (game.ts, FOUL_ANSWERS). With `own-script` the
 * hands' script already puts back what they did wrong, and the call changes nothing. With
 * `restore-steps` the turn stopped at the foul: once the hands are done the players do the
 * referee's restore steps (put back, remove, move back, by well or point name) and, once it
 * says `restored`, play the planned move cleanly. A call their hands did not mean (a
 * false call) is answered the same way: the players do as the referee says.
 */
import type { Restoration } from '../referee/verdicts.ts';
import type { PlannedTurn, TurnActions } from './game.ts';
import { answerAfter, restoreScript } from './hands.ts';
import type { PlayersAtTable, Turn } from './table.ts';

/** From a foul's call to the first restore step, and from `restored` to the turn played again. */
const NOTICE_MS = 800;
const REDO_MS = 700;

export interface FoulAnswering {
  called(steps: readonly Restoration[]): void;
  restored(): void;
}

export const ownScript: FoulAnswering = { called: () => {}, restored: () => {} };

export class RestoreSteps<Position, Plan extends PlannedTurn> implements FoulAnswering {
  constructor(
    private readonly table: PlayersAtTable<Position, Plan>,
    private readonly moveAlone: (plan: Plan, afterMs: number) => TurnActions,
  ) {}

  /** A foul in our turn: once the hands are done, the referee's restore steps. */
  called(steps: readonly Restoration[]): void {
    const turn = this.table.turn;
    if (!turn || turn.token !== this.table.token) return;
    const foul = { putRight: false, restored: false };
    turn.foul = foul;
    const step = ++turn.step;
    void turn.hands.then(() => {
      if (this.table.stopped || this.table.turn !== turn || turn.step !== step) return;
      const script = restoreScript(steps, NOTICE_MS);
      void this.table.play(turn, { script, calls: [], ends: 'put-right', answerWithinMs: answerAfter(script) }).then(() => {
        foul.putRight = true;
        this.redo(turn);
      });
    });
  }

  restored(): void {
    const turn = this.table.turn;
    if (!turn?.foul || turn.token !== this.table.token) return;
    turn.foul.restored = true;
    this.redo(turn);
  }

  /** The board is put right and the referee agrees: the turn again, the planned move played cleanly. */
  private redo(turn: Turn<Position, Plan>): void {
    const foul = turn.foul;
    if (!foul?.putRight || !foul.restored || this.table.turn !== turn || turn.token !== this.table.token) return;
    turn.foul = undefined;
    void this.table.play(turn, this.moveAlone(turn.plan, REDO_MS));
  }
}
