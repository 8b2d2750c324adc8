/**
 * espeak-ng on the sound card: one process per sentence. A new sentence cuts the one being
 * said (its process is killed) and is said once that process has let go of the sound card;
 * sentences given meanwhile replace one another, so only the newest is said.
 */
import type { ChildProcess } from 'node:child_process';
import type { Result } from '../../util/result.ts';
import { checkEspeak, runEspeak, type EspeakOptions } from './espeak.ts';
import type { Voice, VoiceProblem } from './voice.ts';

export class EspeakVoice implements Voice {
  private speaking: ChildProcess | undefined;
  private next: string | undefined;
  private waiting: (() => void)[] = [];
  private readonly told = new Set<string>();

  constructor(private readonly options: EspeakOptions) {}

  check(): Promise<Result<void, VoiceProblem>> {
    return checkEspeak(this.options);
  }

  say(text: string): void {
    this.next = text;
    if (this.speaking) this.speaking.kill('SIGTERM');
    else this.speakNext();
  }

  cancel(): void {
    this.next = undefined;
    this.speaking?.kill('SIGTERM');
  }

  idle(): Promise<void> {
    if (!this.speaking && this.next === undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private speakNext(): void {
    const text = this.next;
    this.next = undefined;
    if (text === undefined) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
      return;
    }
    this.speaking = runEspeak(this.options, [], text, ({ problem }) => {
      this.speaking = undefined;
      if (problem && !this.told.has(problem)) {
        this.told.add(problem);
        // espeak-ng's own words for a sound card it cannot open are the sound library's ("No such file or directory").
        this.options.onProblem(`${problem} (can it open the sound card?)`);
      }
      this.speakNext();
    });
  }
}
