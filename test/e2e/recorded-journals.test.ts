// Matches refereed before the one-engine refactor (test/fixtures/journals/fixtures.json): today's
// referee must say the same to the byte. A journal replays as it did (`replay`, `replay --json`,
// `replay --check`), and the same arguments and seed referee the same match live again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'bin/senryaku.js');
const DIR = join(ROOT, 'test/fixtures/journals');

interface Fixture {
  readonly name: string;
  readonly args: readonly string[];
  readonly killedBeforeAnnouncing?: number;
}
const { fixtures } = JSON.parse(readFileSync(join(DIR, 'fixtures.json'), 'utf8')) as { fixtures: Fixture[] };

function run(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const golden = (name: string, ext: string): string => readFileSync(join(DIR, `${name}.${ext}`), 'utf8');

describe('journals recorded before the one-engine refactor', () => {
  for (const f of fixtures) {
    const journal = join(DIR, `${f.name}.jsonl.gz`);
    it(`${f.name}: replay, replay --json and replay --check say what they said`, async () => {
      const [text, json, check] = await Promise.all([
        run(['replay', journal]),
        run(['replay', '--json', journal]),
        run(['replay', '--check', journal]),
      ]);
      expect(check.stderr).toBe('');
      expect(check.stdout).toBe(golden(f.name, 'check.txt'));
      expect(json.stdout).toBe(golden(f.name, 'replay.jsonl'));
      expect(text.stdout).toBe(golden(f.name, 'replay.txt'));
      expect([text.code, json.code, check.code]).toEqual([0, 0, 0]);
    });
    if (f.killedBeforeAnnouncing !== undefined) continue;
    it(`${f.name}: the same seed referees the same match`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'senryaku-recorded-'));
      const quiet = ['--scoreboard', 'none', '--http', 'off', '--mqtt-listen', 'off', '--db', 'off'];
      const where = ['--calibration-dir', join(dir, 'cal'), '--journal-dir', join(dir, 'journal')];
      const live = await run(['referee', '--sim', '--autoplay', '--json', '--speed', 'max', ...quiet, ...where, ...f.args]);
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toBe(golden(f.name, 'live.jsonl'));
    });
  }
});
