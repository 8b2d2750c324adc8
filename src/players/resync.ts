/**
 * The players' two answers to a resync (game.ts, RESYNC_ANSWERS): when a reboot or a lost
 * link hid part of a turn, the referee asks for the board as the game stands
 * (`resync-needed`) and says when it has it again (`resync-done`). Both answers let the
 * hands finish first; they differ in what the players play next. A game's end taken back
 * (an `attributed` holding to nobody) is answered here too: the game goes on after the
 * referee's resync.
 */
import type { PlannedTurn } from './game.ts';
import { STUCK_MS } from './hands.ts';
import type { PlayersAtTable } from './table.ts';

export interface ResyncAnswering {
  needed(): void;
  done(position: string): void;
  /** The operator took the game's end back: it goes on once the referee has the board again. */
  goOn(): void;
  /** A new turn is planned, or the turns are over: a turn being put back no longer is. */
  forget(): void;
}

/** From the referee's resync-done to the players taking up their turn again. */
const REDO_DELAY_MS = 800;

/** 'same-turn': the board put back, then the planned turn played again once the referee agrees. */
export class SameTurnAgain<Position, Plan extends PlannedTurn> implements ResyncAnswering {
  /** The turn being put back: `boardBack` once the board is, waiting for resync-done. */
  private restoring: { readonly token: number; readonly plan: Plan; boardBack: boolean } | undefined;
  /** The referee's last word on a resync: it is back to play after 'done'. */
  private state: 'needed' | 'done' = 'done';
  /** A holding was attributed to nobody: the game goes on once the referee has the board again. */
  private resuming = false;

  constructor(private readonly table: PlayersAtTable<Position, Plan>) {}

  needed(): void {
    this.state = 'needed';
    if (this.resuming) this.table.putBack(false);
    else this.restore();
  }

  done(position: string): void {
    this.state = 'done';
    if (this.resuming) {
      this.resuming = false;
      this.table.takeUp(position, REDO_DELAY_MS);
      return;
    }
    // A resumed match: the referee found the board as the journal left it. Players who
    // have not moved yet in this run take up the game from there; players who put the
    // board back play their turn again; otherwise the turn in progress goes on.
    if (this.table.token === 0) this.table.newPosition(position);
    else if (this.restoring?.boardBack) this.redo(this.restoring);
  }

  goOn(): void {
    this.resuming = true;
  }

  forget(): void {
    this.restoring = undefined;
  }

  /** Once the hand is done, the board as the game stands; asked again meanwhile, the players are already at it. */
  private restore(): void {
    const turn = this.table.turn;
    if (!turn || this.restoring) return;
    const restoring = { token: this.table.bump(), plan: turn.plan, boardBack: false };
    this.restoring = restoring;
    const current = (): boolean => restoring === this.restoring && restoring.token === this.table.token;
    void turn.hands.then(() => {
      if (this.table.stopped || !current()) return;
      this.table.putBack(true);
      restoring.boardBack = true;
      // Already back to play (the board matched again by itself): no resync-done will come.
      if (this.state === 'done') this.redo(restoring);
    });
    this.table.later(STUCK_MS + 4000, () => current() && this.table.tidyUp());
  }

  private redo(restoring: NonNullable<typeof this.restoring>): void {
    this.table.later(REDO_DELAY_MS, () => {
      if (restoring !== this.restoring || restoring.token !== this.table.token) return;
      this.restoring = undefined;
      this.table.replay(restoring.plan);
    });
  }
}

/** 'new-turn': the turn given up and the board put back; the players think again from the referee's position. */
export class NewTurn<Position, Plan extends PlannedTurn> implements ResyncAnswering {
  constructor(private readonly table: PlayersAtTable<Position, Plan>) {}

  needed(): void {
    this.table.giveUp();
    const token = this.table.token;
    void this.table.hands.then(() => {
      if (!this.table.stopped && token === this.table.token) this.table.putBack(true);
    });
  }

  done(position: string): void {
    this.table.newPosition(position);
  }

  goOn(): void {}

  forget(): void {}
}
