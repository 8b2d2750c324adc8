// `senryaku referee --speak` as a user runs it, on the simulated board, with the voice pointed
// at a directory of WAV files ($SENRYAKU_SPEECH_WAV_DIR: a machine in CI has no sound card):
// every verdict a player acts on is in one WAV file, in order, and each file is speech of a
// plausible length (sox). Without espeak-ng the run stops before the board is opened.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameSpeech } from '../../src/app/speech-service.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { spokenVerdict } from '../../src/presentation/spoken-verdict.ts';
import { saidVerdict } from '../said.ts';
import { runCommand } from '../support/run-command.ts';
import { wavFacts } from '../support/sox.ts';
import { skipWithout } from '../system-tools.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Quieter than this over a whole sentence is not speech (espeak-ng's measure about 0.08). */
const RMS_FLOOR = 0.02;
/** Seconds a word, pauses included (espeak-ng's default 175 words a minute says 0.3-0.4). */
const PER_WORD = { min: 0.15, max: 1.0 };

function referee(dir: string, env: NodeJS.ProcessEnv, ...more: string[]) {
  const args = [
    ...['referee', '--sim', '--seed', '3', '--autoplay', '--speak', '--speed', 'max', '--games', '1', '--json'],
    ...['--scoreboard', 'none', '--db', 'off', '--journal-dir', join(dir, 'j'), '--calibration-dir', join(dir, 'cal')],
    ...more,
  ];
  return runCommand(process.execPath, [join(ROOT, 'bin/senryaku.js'), ...args], { cwd: ROOT, env, timeoutMs: 240_000 });
}

describe('senryaku referee --speak', { timeout: 300_000 }, () => {
  it.skipIf(skipWithout('espeak-ng', 'espeak-ng', ['--version']) || skipWithout('sox', 'sox', ['--version']))(
    '--sim --autoplay: one WAV file of speech for each moment said, every spoken verdict in one, in order',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'senryaku-speak-'));
      const wavDir = join(dir, 'wav');
      const r = await referee(dir, { ...process.env, SENRYAKU_SPEECH_WAV_DIR: wavDir });
      expect(r.status, r.output).toBe(0);

      const senryaku = BUILT_IN_RULESETS.byId('senryaku');
      if (!senryaku.ok) throw new Error(senryaku.error.message);
      const terms = { ...gameSpeech(senryaku.value), players: { A: 'A', B: 'B' } };
      const verdicts = r.stdout.trim().split('\n').map(saidVerdict);
      const sentences = verdicts.map((v) => spokenVerdict(v, terms)).filter((s): s is string => s !== undefined);
      expect(verdicts.some((v) => v.type === 'lifted')).toBe(true); // verdicts not said were given
      expect(sentences.length).toBeGreaterThan(10);

      const files = readdirSync(wavDir).sort();
      const names = files.filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4));
      expect(files).toEqual(names.flatMap((n) => [`${n}.txt`, `${n}.wav`]).sort());
      expect(names).toEqual(names.map((_, i) => String(i + 1).padStart(4, '0')));
      // Each file says the next few sentences, whole: the verdicts of one moment (a move, and the game's end it brings).
      let next = 0;
      for (const name of names) {
        const text = readFileSync(join(wavDir, `${name}.txt`), 'utf8').trimEnd();
        let said = sentences[next++];
        while (said !== undefined && said.length < text.length && next < sentences.length) said = `${said} ${sentences[next++]}`;
        expect(text, name).toBe(said);
        const facts = await wavFacts(join(wavDir, `${name}.wav`));
        const words = text.split(/\s+/).length;
        expect(facts.rms, `${name}: RMS`).toBeGreaterThan(RMS_FLOOR);
        expect(facts.seconds / words, `${name} (${text}): seconds a word`).toBeGreaterThan(PER_WORD.min);
        expect(facts.seconds / words, `${name} (${text}): seconds a word`).toBeLessThan(PER_WORD.max);
      }
      expect(next).toBe(sentences.length); // every spoken verdict is in a file
      expect(sentences).toContain('Game 1. White: A, Black: B. White to move.');
      expect(sentences.at(-1)).toMatch(/^(White|Black) wins game 1\. Score: A, \d+; B, \d+\.$/);
    },
  );

  it('without espeak-ng: exit 1 before the board is opened, saying to install it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-speak-'));
    const r = await referee(dir, { ...process.env, PATH: join(dir, 'no-programs-here') });
    expect(r.status, r.output).toBe(1);
    expect(r.stderr).toMatch(/--speak needs espeak-ng, which is not installed: install espeak-ng \(apt-get install espeak-ng\)/);
    expect(r.stdout).toBe(''); // no verdict, no board: nothing was refereed
    expect(readdirSync(dir)).not.toContain('j'); // no journal was opened
  });
});
