/**
 * What the referee says about the board's stream when its claims do not hold: frames refused
 * for their time (a jump the host's clock did not see, a flood), a new time line followed, a
 * HELLO that names another board. Said once when it starts and summed up when it is over
 * (a flood refuses thousands of frames: one line each would drown the terminal), decided from
 * the lines and their receive times only, so a replay says the same.
 */
import type { Hello } from '../protocol/index.ts';
import { formatLead } from '../protocol/board-time.ts';
import type { ClockRefusal, PlausibilityCounters } from '../sensing/index.ts';

/** An episode of refused frames is over when none was refused for this long (host ms). */
export const EPISODE_QUIET_MS = 1000;

const hex = (n: number): string => `0x${n.toString(16).padStart(4, '0')}`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What makes `hello` another board than `known`, in words; undefined when it is the same board. */
export function describeContradiction(
  known: Pick<Hello, 'boardId' | 'wellCells' | 'pivotCells'>,
  hello: Pick<Hello, 'boardId' | 'wellCells' | 'pivotCells'>,
): string | undefined {
  const what: string[] = [];
  if (hello.boardId !== known.boardId) what.push(`board id ${hex(hello.boardId)}, not ${hex(known.boardId)}`);
  if (hello.wellCells !== known.wellCells || hello.pivotCells !== known.pivotCells)
    what.push(`${hello.wellCells} well + ${hello.pivotCells} pivot cells, not ${known.wellCells} + ${known.pivotCells}`);
  return what.length > 0 ? what.join(', ') : undefined;
}

interface Episode {
  readonly firstHostMs: number;
  lastHostMs: number;
  ahead: number;
  tooSoon: number;
  maxLeadMs: number;
}

export class StreamNotes {
  #seen = { aheadOfHost: 0, tooSoon: 0 };
  #episode: Episode | undefined;

  /** After each line: what to say about frames refused for their time (the start of an episode, or its end). */
  afterLine(counters: PlausibilityCounters, refusal: ClockRefusal | undefined, hostMs: number): string[] {
    const ahead = counters.aheadOfHost - this.#seen.aheadOfHost;
    const tooSoon = counters.tooSoon - this.#seen.tooSoon;
    this.#seen = { aheadOfHost: counters.aheadOfHost, tooSoon: counters.tooSoon };
    const notes: string[] = [];
    const e = this.#episode;
    if (ahead + tooSoon > 0) {
      const lead = refusal?.reason === 'ahead-of-host' ? refusal.leadMs : 0;
      if (!e) {
        this.#episode = { firstHostMs: hostMs, lastHostMs: hostMs, ahead, tooSoon, maxLeadMs: lead };
        notes.push(this.#started(refusal));
      } else {
        e.lastHostMs = hostMs;
        e.ahead += ahead;
        e.tooSoon += tooSoon;
        e.maxLeadMs = Math.max(e.maxLeadMs, lead);
      }
    } else if (e && hostMs - e.lastHostMs >= EPISODE_QUIET_MS) {
      this.#episode = undefined;
      if (e.ahead + e.tooSoon > 1) notes.push(this.#ended(e));
    }
    return notes;
  }

  reanchored(leadMs: number): string {
    return (
      `link fault: the board's time line moved ${formatLead(leadMs)} ${leadMs >= 0 ? 'ahead' : 'back'} and held ` +
      `against the host's clock for a second: following it now, the board is read afresh`
    );
  }

  helloRefused(hello: Hello, contradiction: string): string {
    return (
      `link fault: a HELLO (boot ${hex(hello.bootId)}) names another board than this match's (${contradiction}): ` +
      `refused, and the board is checked as after a reconnect`
    );
  }

  #started(refusal: ClockRefusal | undefined): string {
    if (refusal?.reason === 'too-soon')
      return 'link fault: frames come faster than the board streams (a flood): the extra ones are dropped, refereeing goes on';
    const lead = refusal ? formatLead(refusal.leadMs) : 'far';
    return (
      `link fault: a frame's board time runs ${lead} ahead of the host's clock, a jump the host did not see ` +
      `(a damaged or forged line, or a flood): refused, the board's time line goes on without it`
    );
  }

  #ended(e: Episode): string {
    const parts = [
      ...(e.ahead > 0 ? [`${plural(e.ahead, 'frame')} ahead of the host's clock (by up to ${formatLead(e.maxLeadMs)})`] : []),
      ...(e.tooSoon > 0 ? [`${plural(e.tooSoon, 'frame')} faster than the board's rate`] : []),
    ];
    return `link fault over: refused ${parts.join(' and ')} in ${formatLead(e.lastHostMs - e.firstHostMs)}`;
  }
}
