/**
 * espeak-ng (Debian's `espeak-ng`, offline), as both of its voices run it: one process per
 * sentence, spawned without a shell, the text after `--` so that nothing in it is read as
 * an option.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { err, ok, type Result } from '../../util/result.ts';
import type { VoiceProblem } from './voice.ts';

export interface EspeakOptions {
  /** The program (default `espeak-ng` on the PATH); tests hand in a stand-in. */
  readonly command?: string;
  /** espeak-ng's voice (`-v`: en, en-gb, en-us+f3...); default espeak-ng's own. */
  readonly voice?: string;
  /** Words per minute (`-s`); default espeak-ng's own (175). */
  readonly rate?: number;
  /** A problem while speaking (no sound card, a file that cannot be written), told once per distinct sentence. */
  readonly onProblem: (message: string) => void;
}

/** How long the check at start waits for espeak-ng to answer. */
const CHECK_BOUND_MS = 10_000;
/** What is kept of a process's stderr: its end is what says what went wrong. */
const STDERR_KEPT = 4096;

const commandOf = (o: EspeakOptions): string => o.command ?? 'espeak-ng';
const voiceArgs = (o: EspeakOptions): string[] => [...(o.voice ? ['-v', o.voice] : []), ...(o.rate ? ['-s', String(o.rate)] : [])];
/** espeak-ng's own complaint: the last line it wrote (the sound library's come before it). */
const lastLine = (stderr: string): string => stderr.trim().split('\n').at(-1)?.trim() ?? '';

/** How one run of espeak-ng ended: `killed` when it was cut, `problem` when it could not say its sentence. */
export interface SpeechEnd {
  readonly killed: boolean;
  readonly problem?: string;
}

/**
 * Runs espeak-ng with `args` (its voice's options first) on `text`; `done` is called once,
 * when the process has ended. A process that writes to stderr, even one exiting 0 (espeak-ng
 * does when no sound card can be opened), could not say its sentence.
 */
export function runEspeak(
  o: EspeakOptions,
  args: readonly string[],
  text: string,
  done: (end: SpeechEnd) => void,
): ChildProcessByStdio<null, null, Readable> {
  const child = spawn(commandOf(o), [...voiceArgs(o), ...args, '--', text], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let spawnError: Error | undefined;
  let ended = false;
  child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString('utf8')).slice(-STDERR_KEPT)));
  child.on('error', (e) => {
    spawnError = e;
    // A process that never started may not say 'close'.
    if (child.pid === undefined) end(null, null);
  });
  const end = (code: number | null, signal: NodeJS.Signals | null): void => {
    if (ended) return;
    ended = true;
    const killed = signal !== null && child.killed;
    const why = spawnError
      ? `${commandOf(o)} could not be started (${spawnError.message})`
      : !killed && (code !== 0 || lastLine(stderr) !== '')
        ? `${commandOf(o)} could not say a sentence${code ? ` (exit ${code})` : ''}: ${lastLine(stderr) || 'no reason given'}`
        : undefined;
    done({ killed, ...(why ? { problem: why } : {}) });
  };
  child.on('close', end);
  return child;
}

/** Whether espeak-ng is installed and speaks with the voice asked for: it says one word with its sound off (`-q`). */
export function checkEspeak(o: EspeakOptions): Promise<Result<void, VoiceProblem>> {
  const command = commandOf(o);
  return new Promise((resolve) => {
    const child = spawn(command, [...voiceArgs(o), '-q', '--', 'ready'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const bound = setTimeout(() => child.kill('SIGKILL'), CHECK_BOUND_MS);
    child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString('utf8')).slice(-STDERR_KEPT)));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(bound);
      resolve(
        err(
          e.code === 'ENOENT'
            ? {
                code: 'NotInstalled',
                message: `--speak needs ${command}, which is not installed: install espeak-ng (apt-get install espeak-ng)`,
              }
            : { code: 'NotInstalled', message: `--speak: ${command} cannot be started (${e.message})` },
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      if (code === 0) return resolve(ok(undefined));
      const why = signal ? `it did not answer within ${CHECK_BOUND_MS / 1000} s` : lastLine(stderr) || `exit ${code}`;
      const voice = o.voice ? ` with the voice '${o.voice}' (espeak-ng --voices lists them)` : '';
      resolve(err({ code: 'Refused', message: `--speak: ${command} cannot speak${voice}: ${why}` }));
    });
  });
}
