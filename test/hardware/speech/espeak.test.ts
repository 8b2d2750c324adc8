// The referee's voice through the real espeak-ng (src/hardware/speech/): its check at start,
// sentences rendered to WAV files that sox finds to be speech of a plausible length, and, with
// a stand-in program that speaks until it is killed, a newer sentence cutting the one being said.
import { chmodSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEspeak } from '../../../src/hardware/speech/espeak.ts';
import { EspeakVoice } from '../../../src/hardware/speech/espeak-voice.ts';
import { WavVoice } from '../../../src/hardware/speech/wav-voice.ts';
import { wavFacts } from '../../support/sox.ts';
import { skipWithout } from '../../system-tools.ts';
import { until } from '../../wait.ts';

const SENTENCES = [
  'White: c2 to c3.',
  'Foul by Black: not your sphere. Put the black sphere back on d4.',
  'White: b4 takes c5. White wins game 4. Score: Alice, 6; Bob, 3. Match over. Winner: Alice, 6 to 3.',
];
const words = (s: string): number => s.split(/\s+/).length;
/** Quieter than this over a whole sentence is not speech (espeak-ng's sentences measure 0.08 here). */
const RMS_FLOOR = 0.02;
/** Seconds per word a spoken sentence takes, pauses included: espeak-ng at 175 words a minute says 0.3-0.4. */
const PER_WORD = { min: 0.15, max: 1.0 };

const noProblem = (message: string): void => {
  throw new Error(`unexpected problem: ${message}`);
};

describe.skipIf(skipWithout('espeak-ng', 'espeak-ng', ['--version']) || skipWithout('sox', 'sox', ['--version']))(
  'espeak-ng into WAV files',
  { timeout: 60_000 },
  () => {
    it('each sentence is a file of speech, longer as it has more words', async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'senryaku-speech-')), 'wav');
      const voice = new WavVoice({ dir, onProblem: noProblem });
      expect(await voice.check()).toEqual({ ok: true, value: undefined }); // and the directory is made
      for (const s of SENTENCES) voice.say(s);
      await voice.idle();
      expect(readdirSync(dir).sort()).toEqual(['0001.txt', '0001.wav', '0002.txt', '0002.wav', '0003.txt', '0003.wav']);
      const facts = [];
      for (const [i, s] of SENTENCES.entries()) {
        const name = String(i + 1).padStart(4, '0');
        expect(readFileSync(join(dir, `${name}.txt`), 'utf8')).toBe(`${s}\n`);
        const f = await wavFacts(join(dir, `${name}.wav`));
        facts.push(f);
        expect(f.rms, `${name}: RMS`).toBeGreaterThan(RMS_FLOOR);
        expect(f.seconds / words(s), `${name}: seconds a word`).toBeGreaterThan(PER_WORD.min);
        expect(f.seconds / words(s), `${name}: seconds a word`).toBeLessThan(PER_WORD.max);
      }
      expect(facts[1]!.seconds).toBeGreaterThan(facts[0]!.seconds);
      expect(facts[2]!.seconds).toBeGreaterThan(facts[1]!.seconds);
    });

    it('the rate setting reaches espeak-ng: a sentence at 320 words a minute is shorter than at 120', async () => {
      const root = mkdtempSync(join(tmpdir(), 'senryaku-speech-'));
      const seconds: number[] = [];
      for (const rate of [120, 320]) {
        const dir = join(root, String(rate));
        const voice = new WavVoice({ dir, rate, voice: 'en-gb', onProblem: noProblem });
        expect((await voice.check()).ok).toBe(true);
        voice.say(SENTENCES[1]!);
        await voice.idle();
        seconds.push((await wavFacts(join(dir, '0001.wav'))).seconds);
      }
      expect(seconds[1]!).toBeLessThan(seconds[0]! * 0.6);
    });

    it('the check at start: espeak-ng missing is a sentence saying to install it; an unknown voice is refused', async () => {
      expect(await checkEspeak({ onProblem: noProblem })).toEqual({ ok: true, value: undefined });
      const missing = await checkEspeak({ command: '/nonexistent/espeak-ng', onProblem: noProblem });
      expect(missing).toEqual({ ok: false, error: { code: 'NotInstalled', message: expect.stringMatching(/install espeak-ng/) } });
      const voice = await checkEspeak({ voice: 'nosuchvoice', onProblem: noProblem });
      expect(voice).toEqual({ ok: false, error: { code: 'Refused', message: expect.stringMatching(/'nosuchvoice'.*does not exist/) } });
    });
  },
);

/** A stand-in for espeak-ng that logs its pid and arguments, says `stderr` on stderr, then speaks for `seconds` (or until killed). */
function standIn(seconds: number, stderr = ''): { command: string; lines: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-speech-stand-in-'));
  const log = join(dir, 'log');
  const command = join(dir, 'espeak-ng');
  writeFileSync(log, '');
  writeFileSync(command, `#!/bin/sh\necho "$$ $*" >> '${log}'\n${stderr ? `echo '${stderr}' >&2\n` : ''}exec sleep ${seconds}\n`);
  chmodSync(command, 0o755);
  return { command, lines: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('espeak-ng on the sound card, played by a stand-in', { timeout: 60_000 }, () => {
  it('a newer sentence cuts the one being said; of those given meanwhile only the newest is said', async () => {
    const program = standIn(60);
    const voice = new EspeakVoice({ command: program.command, voice: 'en-gb', rate: 160, onProblem: noProblem });
    voice.say('White: c2 to c3.');
    const [first] = await until('the first sentence', () => program.lines().length === 1 && program.lines());
    expect(first).toMatch(/^\d+ -v en-gb -s 160 -- White: c2 to c3\.$/);
    voice.say('Black: g6 to f5.');
    voice.say('White: a1 to b1.');
    const lines = await until('the newest sentence', () => program.lines().length === 2 && program.lines());
    expect(lines[1]).toMatch(/^\d+ -v en-gb -s 160 -- White: a1 to b1\.$/);
    expect(alive(Number(first!.split(' ')[0]))).toBe(false); // cut: its process was ended before the next began
    voice.cancel();
    await voice.idle();
    expect(alive(Number(lines[1]!.split(' ')[0]))).toBe(false);
    expect(program.lines()).toHaveLength(2); // 'Black: g6 to f5.' was never said
  });

  it('a sentence espeak-ng could not say (no sound card) is told once, not at every sentence', async () => {
    const program = standIn(0, 'error: No such file or directory');
    const problems: string[] = [];
    const voice = new EspeakVoice({ command: program.command, onProblem: (m) => problems.push(m) });
    voice.say('White: c2 to c3.');
    await voice.idle();
    voice.say('Black: g6 to f5.');
    await voice.idle();
    expect(program.lines()).toHaveLength(2);
    expect(problems).toEqual([
      `${program.command} could not say a sentence: error: No such file or directory (can it open the sound card?)`,
    ]);
  });

  it('idle() is at once when nothing is said', async () => {
    const voice = new EspeakVoice({ command: standIn(60).command, onProblem: noProblem });
    await voice.idle();
  });
});
