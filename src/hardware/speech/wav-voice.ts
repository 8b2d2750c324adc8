/**
 * espeak-ng into WAV files instead of the sound card (`SENRYAKU_SPEECH_WAV_DIR`: a machine
 * in CI has none): each sentence becomes `NNNN.wav` in the directory, numbered from 0001 in
 * the order said, with its text beside it in `NNNN.txt`. Files are not heard at once, so
 * none is cut: each is written in turn, one espeak-ng at a time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { err, type Result } from '../../util/result.ts';
import { checkEspeak, runEspeak, type EspeakOptions } from './espeak.ts';
import type { Voice, VoiceProblem } from './voice.ts';

export class WavVoice implements Voice {
  private queue: string[] = [];
  private writing = false;
  private count = 0;
  private waiting: (() => void)[] = [];
  private readonly told = new Set<string>();

  /** `dir`: made by check() if missing (the command line checked it can be); files of an earlier run in it are overwritten. */
  constructor(private readonly options: EspeakOptions & { readonly dir: string }) {}

  async check(): Promise<Result<void, VoiceProblem>> {
    const can = await checkEspeak(this.options);
    if (!can.ok) return can;
    try {
      mkdirSync(this.options.dir, { recursive: true });
    } catch (e) {
      return err({ code: 'NoOutput', message: `--speak: the WAV directory ${this.options.dir} cannot be made (${(e as Error).message})` });
    }
    return can;
  }

  say(text: string): void {
    this.queue.push(text);
    if (!this.writing) this.writeNext();
  }

  /** Forgets the sentences not yet begun; the one being written is finished (a file is not a voice to cut). */
  cancel(): void {
    this.queue = [];
  }

  idle(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private writeNext(): void {
    const text = this.queue.shift();
    if (text === undefined) {
      this.writing = false;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
      return;
    }
    this.writing = true;
    const name = String(++this.count).padStart(4, '0');
    try {
      writeFileSync(join(this.options.dir, `${name}.txt`), `${text}\n`);
    } catch (e) {
      this.tell(`cannot write ${join(this.options.dir, `${name}.txt`)}: ${(e as Error).message}`);
    }
    runEspeak(this.options, ['-w', join(this.options.dir, `${name}.wav`)], text, ({ problem }) => {
      if (problem) this.tell(problem);
      this.writeNext();
    });
  }

  private tell(problem: string): void {
    if (this.told.has(problem)) return;
    this.told.add(problem);
    this.options.onProblem(problem);
  }
}
