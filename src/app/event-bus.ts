/**
 * A typed event bus: the one way verdicts and board events reach the outputs (terminal,
 * scoring board, log, MQTT, web). Listeners are registered per owner so a stopped service
 * removes exactly its own (as zigbee2mqtt's event bus does).
 */
import type { SensingEvent } from '../sensing/events.ts';
import type { RefereeInput } from '../referee/inputs.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { JournalEvent } from '../journal/failover.ts';
import type { PlayRecord } from '../players/ledger.ts';

/** The board link's health, as outputs show it. */
export interface LinkStatus {
  readonly state: 'connecting' | 'ready' | 'stalled' | 'lost' | 'failed' | 'stopped';
  readonly detail?: string;
  readonly boardId?: number;
}

export interface LoggedVerdict {
  readonly matchId: string;
  readonly seq: number;
  readonly verdict: Verdict;
  /**
   * Said again by a resume: journaled before the last stop but perhaps never announced. An
   * output that files by seq keeps it once; one that shows verdicts says it is a repeat.
   */
  readonly repeated?: true;
}

export interface BusEvents {
  /** Every verdict as it is refereed, after it is in the journal: what the game's own services (players, scoring board) act on. */
  verdict: Verdict;
  /**
   * The same verdict with its place in the match: `seq` counts the match's verdicts from 1
   * across every session of its journal, so (matchId, seq) names it for good (a store or a
   * hub keeps a republished verdict once). Emitted right after `verdict`, and on its own
   * (`repeated`) for the verdicts a resume says again: what the outputs (terminal, store,
   * MQTT, dashboard) announce.
   */
  logged: LoggedVerdict;
  /** Sensing output, for monitors and the web view. */
  sensing: SensingEvent;
  /** What the referee was fed (after the sensing adapter). */
  refereeInput: RefereeInput;
  link: LinkStatus;
  /** Messages for people that are not verdicts (start-up, missing scoring board, ...). */
  notice: { readonly level: 'info' | 'warn' | 'error'; readonly message: string };
  /** The journal could not write, went to its fallback, recovered, or lost records: said at once on every output. */
  storage: JournalEvent;
  /** Simulated players only: what they did in a turn and what a correct referee must call for it. */
  play: PlayRecord;
  /** What the board's well LEDs show, as the board acknowledged it: each lit well by name, 0xRRGGBB (none: all dark). */
  lights: { readonly wells: Readonly<Record<string, number>> };
}

export type BusTopic = keyof BusEvents;
type Listener<T extends BusTopic> = (payload: BusEvents[T]) => void;

export class EventBus {
  private readonly listeners = new Map<BusTopic, { owner: object; fn: (payload: never) => void }[]>();

  on<T extends BusTopic>(topic: T, owner: object, fn: Listener<T>): void {
    const list = this.listeners.get(topic) ?? [];
    list.push({ owner, fn: fn });
    this.listeners.set(topic, list);
  }

  /** Delivers in registration order; a throwing listener is reported, never breaks the others. */
  emit<T extends BusTopic>(topic: T, payload: BusEvents[T]): void {
    for (const { fn } of [...(this.listeners.get(topic) ?? [])]) {
      try {
        (fn as Listener<T>)(payload);
      } catch (e) {
        if (topic !== 'notice') this.emit('notice', { level: 'error', message: `a ${topic} listener failed: ${(e as Error).message}` });
      }
    }
  }

  removeListeners(owner: object): void {
    for (const [topic, list] of this.listeners)
      this.listeners.set(
        topic,
        list.filter((l) => l.owner !== owner),
      );
  }

  listenerCount(topic: BusTopic): number {
    return this.listeners.get(topic)?.length ?? 0;
  }
}
