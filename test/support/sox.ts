/**
 * What sox says of a WAV file: its length (`sox --i -D`) and its loudness (`sox FILE -n stat`,
 * which reports on stderr), for the tests that check the referee's voice is speech.
 */
import { runCommand } from './run-command.ts';

export interface WavFacts {
  readonly seconds: number;
  /** RMS amplitude, 0 (silence) to 1 (full scale). */
  readonly rms: number;
}

export async function wavFacts(path: string): Promise<WavFacts> {
  const length = await runCommand('sox', ['--i', '-D', path], { timeoutMs: 30_000 });
  const stat = await runCommand('sox', [path, '-n', 'stat'], { timeoutMs: 30_000 });
  const rms = /RMS\s+amplitude:\s+([0-9.]+)/.exec(stat.stderr)?.[1];
  if (length.status !== 0 || stat.status !== 0 || rms === undefined)
    throw new Error(`sox could not read ${path}:\n${length.output}${stat.output}`);
  return { seconds: Number(length.stdout.trim()), rms: Number(rms) };
}
