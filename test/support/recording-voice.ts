/**
 * A Voice for tests (src/hardware/speech/voice.ts) that speaks in time: a sentence takes
 * `msPerWord` per word on the global timers (sinon's fake timers drive it), and a new one
 * cuts it, as espeak-ng on the sound card does. It records every sentence begun and how it
 * ended: said to its end, or cut.
 */
import { err, ok, type Result } from '../../src/util/result.ts';
import type { Voice, VoiceProblem } from '../../src/hardware/speech/voice.ts';

export interface Utterance {
  readonly text: string;
  end?: 'said' | 'cut';
}

export class RecordingVoice implements Voice {
  readonly utterances: Utterance[] = [];
  checks = 0;
  private current: { utterance: Utterance; timer: ReturnType<typeof setTimeout> } | undefined;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly msPerWord = 300,
    private readonly problem?: VoiceProblem,
  ) {}

  async check(): Promise<Result<void, VoiceProblem>> {
    this.checks++;
    return this.problem ? err(this.problem) : ok(undefined);
  }

  say(text: string): void {
    this.end('cut');
    const utterance: Utterance = { text };
    this.utterances.push(utterance);
    const timer = setTimeout(() => this.end('said'), text.split(/\s+/).length * this.msPerWord);
    this.current = { utterance, timer };
  }

  cancel(): void {
    this.end('cut');
  }

  idle(): Promise<void> {
    return this.current ? new Promise((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }

  /** What was said to its end, and what was cut, in order. */
  get said(): string[] {
    return this.utterances.filter((u) => u.end === 'said').map((u) => u.text);
  }

  get cut(): string[] {
    return this.utterances.filter((u) => u.end === 'cut').map((u) => u.text);
  }

  private end(how: 'said' | 'cut'): void {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    this.current.utterance.end = how;
    this.current = undefined;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
