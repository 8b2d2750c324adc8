import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { runMain } from './run-main.ts';
import { REFERENCE_PROFILE_PATH } from '../support/reference-profile.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { formatBoardMessage, formatHello, parseBoardLine } from '../../src/protocol/index.ts';
import { FrameDeltaEncoder } from '../../src/journal/frame-delta.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { header as journalHeader } from '../journal/journal-fixture.ts';
import { useE2E } from '../e2e/harness.ts';
import { SURAKARTA } from '../../src/games/surakarta/index.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

const run = (...argv: string[]) => runMain(argv);

describe('senryaku replay', { timeout: 60_000 }, () => {
  const e2e = useE2E();

  it('re-referees a match journal and prints the verdicts the live run gave', async () => {
    const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
    s.act(act().lift('c5', { afterMs: 300 }).lift('c4', { afterMs: 400 }).place('c5', { afterMs: 500, kind: 'W' }));
    await s.until('game-over');
    const journal = s.app.journalPath;
    const json = await run('replay', journal, '--json');
    expect(json.code).toBe(0);
    expect(json.out.map((l) => JSON.parse(l))).toEqual(s.verdicts);
    const text = await run('replay', journal);
    expect(text.out.join('\n')).toMatch(/White c4xc5 .*\n.*Game 1 over: White \(A\) wins by capture, 2 points/);
  });

  it('re-referees a raw recording with the stored calibration of its board', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-replay-'));
    const store = new CalibrationStore(join(dir, 'cal'));
    const cal = await calibrateSimulatedBoard({ seed: 3, store });
    expect(cal.ok).toBe(true);
    const file = join(dir, 'session.rec');
    const rec = await run('record', '--sim', '--seed', '3', '--out', file, '--duration', '2');
    expect(rec.code).toBe(0);
    const r = await run('replay', file, '--json', '--calibration-dir', join(dir, 'cal'));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    // `record --sim` powers the board up empty: the referee waits for the start position.
    const verdicts = r.out.map((l) => JSON.parse(l) as { type: string; missing?: string[] });
    expect(verdicts[0]).toMatchObject({ type: 'setup', extra: [] });
    expect(verdicts[0]?.missing).toHaveLength(14);
    const missing = await run('replay', file, '--calibration-dir', join(dir, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/no calibration for board/);
  });

  it('a recording names its game: a Surakarta session replays as Surakarta; an older recording without the name is Senryaku unless --rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-replay-surakarta-'));
    const cal = await calibrateSimulatedBoard({ seed: 5, store: new CalibrationStore(join(dir, 'cal')), ruleset: SURAKARTA });
    expect(cal.ok).toBe(true);
    const file = join(dir, 'surakarta.rec');
    expect((await run('record', '--sim', '--rules', 'surakarta', '--seed', '5', '--out', file, '--duration', '2')).code).toBe(0);
    const [head, ...rest] = readFileSync(file, 'latin1').trimEnd().split('\n');
    const header = JSON.parse(head!) as Record<string, unknown>;
    expect(header.rules).toBe('surakarta');

    const r = await run('replay', file, '--json', '--calibration-dir', join(dir, 'cal'));
    expect([r.code, r.err]).toEqual([0, []]);
    // The simulated Surakarta board powers up empty: the referee waits for its 24 pieces.
    const first = JSON.parse(r.out[0]!) as { type: string; missing?: string[] };
    expect(first.type).toBe('setup');
    expect(first.missing).toHaveLength(24);

    const wrong = await run('replay', file, '--rules', 'senryaku', '--calibration-dir', join(dir, 'cal'));
    expect([wrong.code, wrong.err]).toEqual([
      2,
      ['senryaku replay: the recording is of a surakarta session; --rules senryaku does not match it'],
    ]);

    const chess = join(dir, 'chess.rec');
    writeFileSync(chess, `${[JSON.stringify({ ...header, rules: 'chess' }), ...rest].join('\n')}\n`);
    const unknown = await run('replay', chess, '--calibration-dir', join(dir, 'cal'));
    expect([unknown.code, unknown.err]).toEqual([
      2,
      [
        `senryaku replay: the recording's header names a game this referee does not know: unknown ruleset 'chess'; the rulesets are ${BUILT_IN_RULESETS.ids.join(', ')}`,
      ],
    ]);

    const { rules: _rules, ...older } = header;
    const unnamed = join(dir, 'older.rec');
    writeFileSync(unnamed, `${[JSON.stringify(older), ...rest].join('\n')}\n`);
    const asSenryaku = await run('replay', unnamed, '--calibration-dir', join(dir, 'cal'));
    expect([asSenryaku.code, asSenryaku.err]).toEqual([
      2,
      [
        expect.stringMatching(
          /the recording's board has \d+ cells \(its HELLO\), the profile .*reference-mega-2560.json maps 44: give its --profile \(the recording does not name its game, so it is refereed as Senryaku: --rules for another\)$/,
        ),
      ],
    ]);
    const told = await run('replay', unnamed, '--json', '--rules', 'surakarta', '--calibration-dir', join(dir, 'cal'));
    expect([told.code, told.out]).toEqual([0, r.out]);
  });

  describe('a recording', () => {
    let dir: string;
    let file: string;
    let calFile: string;
    let lines: string[];
    const recordingWith = (name: string, edit: (lines: string[]) => string[]): string => {
      const path = join(dir, name);
      writeFileSync(path, `${edit([...lines]).join('\n')}\n`);
      return path;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'senryaku-replay-rec-'));
      const cal = await calibrateSimulatedBoard({ seed: 3, store: new CalibrationStore(join(dir, 'cal')) });
      expect(cal.ok).toBe(true);
      calFile = join(dir, 'cal', readdirSync(join(dir, 'cal'))[0]!);
      file = join(dir, 'session.rec');
      expect((await run('record', '--sim', '--seed', '3', '--out', file, '--duration', '2')).code).toBe(0);
      lines = readFileSync(file, 'latin1').trimEnd().split('\n');
    }, 60_000);

    it('--calibration FILE and --profile FILE: refereed with those files, the same verdicts as with the stored calibration', async () => {
      const stored = await run('replay', file, '--json', '--calibration-dir', join(dir, 'cal'));
      const named = await run('replay', file, '--json', '--calibration', calFile, '--profile', REFERENCE_PROFILE_PATH);
      expect([named.code, named.err]).toEqual([0, []]);
      expect(named.out.length).toBeGreaterThan(0);
      expect(named.out).toEqual(stored.out);
    });

    it('a stored calibration that is garbage is a bad file: one line, exit 2', async () => {
      const garbageDir = mkdtempSync(join(tmpdir(), 'senryaku-replay-garbage-cal-'));
      writeFileSync(join(garbageDir, basename(calFile)), 'garbage\n');
      const r = await run('replay', file, '--calibration-dir', garbageDir);
      expect([r.code, r.err, r.out]).toEqual([2, [expect.stringMatching(/^senryaku replay: invalid calibration .*\[NotJson\]$/)], []]);
    });

    it.each([
      [['--calibration', '/no/such.json'], /no calibration \/no\/such\.json/],
      [['--calibration', 'CAL', '--calibration-dir', '/tmp'], /give --calibration FILE or --calibration-dir DIR, not both/],
    ])('--calibration problems %j: one line, exit 2', async (extra, message) => {
      const r = await run('replay', file, ...extra.map((a) => (a === 'CAL' ? calFile : a)));
      expect([r.code, r.err.length]).toEqual([2, 1]);
      expect(r.err[0]).toMatch(message);
    });

    it('--calibration of another board is refused (exit 2)', async () => {
      const other = join(dir, 'other.json');
      const cal = JSON.parse(readFileSync(calFile, 'utf8')) as { boardId: string };
      writeFileSync(other, JSON.stringify({ ...cal, boardId: '0000BEEF' }));
      const r = await run('replay', file, '--calibration', other);
      expect([r.code, r.err.length]).toEqual([2, 1]);
      expect(r.err[0]).toMatch(/is the calibration of board 0000BEEF, not /);
    });

    it("reads the cell count from the recording's HELLO: a board of 45 cells does not fit the 44-cell profile", async () => {
      const header = JSON.parse(lines[0]!) as { hello: string };
      const hello = parseBoardLine(header.hello, { cellCount: 0 });
      if (!hello.ok || hello.value.type !== 'hello') throw new Error('no HELLO in the recording');
      const wider = formatHello({ ...hello.value, pivotCells: 3 });
      const path = recordingWith('45-cells.rec', ([, ...rest]) => [JSON.stringify({ ...header, hello: wider }), ...rest]);
      const r = await run('replay', path, '--calibration-dir', join(dir, 'cal'));
      expect([r.code, r.err]).toEqual([
        2,
        [expect.stringMatching(/the recording's board has 45 cells \(its HELLO\), the profile .* maps 44: give its --profile/)],
      ]);
    });

    it('counts the received lines it could not decode: one stderr line with the count and the first codes', async () => {
      let damaged = 0;
      const path = recordingWith('damaged.rec', (ls) =>
        ls.map((l, i) => {
          const r = JSON.parse(l) as { d?: string; line?: string; t: number };
          if (i < 40 || r.d !== 'in' || !r.line?.startsWith('FRAME') || damaged >= 7) return l;
          damaged++;
          // Six bad CRCs, then a line the host dropped as too long.
          return damaged === 7
            ? JSON.stringify({ t: r.t, d: 'oversize', bytes: 300 })
            : JSON.stringify({ ...r, line: r.line.replace('FRAME', 'FRAMF') });
        }),
      );
      const r = await run('replay', path, '--json', '--calibration-dir', join(dir, 'cal'));
      expect(r.code).toBe(0);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(
        /^note: 7 of \d+ received lines could not be decoded and are left out \(line \d+ [A-Z]+, line \d+ [A-Z]+, line \d+ [A-Z]+, line \d+ [A-Z]+, line \d+ [A-Z]+, \.\.\.\)$/,
      );
      const clean = await run('replay', file, '--json', '--calibration-dir', join(dir, 'cal'));
      expect(clean.err).toEqual([]);
    });

    it('--calibration with a journal is refused: the journal carries its own', async () => {
      const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
      await s.run(500);
      const r = await run('replay', s.app.journalPath, '--calibration', calFile);
      expect([r.code, r.err]).toEqual([2, [expect.stringMatching(/--calibration is for a recording/)]]);
    });

    it('--track, --policy, --match, --rules or --profile with a journal is refused, never silently ignored (--track 0 too)', async () => {
      const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
      await s.run(500);
      for (const [option, value] of [
        ['--track', '0'],
        ['--track', '3'],
        ['--policy', 'tournament'],
        ['--match', 'games:2'],
        ['--rules', 'senryaku'],
        ['--profile', REFERENCE_PROFILE_PATH],
      ] as const) {
        const r = await run('replay', s.app.journalPath, option, value);
        expect([r.code, r.err, r.out]).toEqual([
          2,
          [`senryaku replay: ${option} is for a recording: a journal carries its own game, match settings, profile and calibration`],
          [],
        ]);
      }
    });
  });

  it.each([
    [['replay'], /one file/],
    [['replay', '/no/such/file'], /cannot read \/no\/such\/file: ENOENT/],
  ])('bad input %j: one line, exit 2', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });

  it('a file that is neither a journal nor a recording is refused', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-replay-')), 'x.jsonl');
    writeFileSync(file, '{"hello":1}\n');
    const r = await run('replay', file);
    expect(r.code).toBe(2);
    expect(r.err[0]).toMatch(/not a journal header/);
  });
});

describe('senryaku replay of a journal with lost records', () => {
  it('counts and says the received lines whose frame delta cannot be rebuilt (the frame before it was lost)', async () => {
    const frame = (seq: number, ms: number): string =>
      formatBoardMessage({
        type: 'frame',
        seq,
        ms,
        tilt: { white: false, black: false },
        stale: [],
        cells: new Int32Array(44).fill(1000 + seq),
      });
    const encoder = new FrameDeltaEncoder();
    encoder.encode(frame(1, 100)); // written, then lost to a storage fault
    const delta = encoder.encode(frame(2, 112));
    expect(delta.startsWith('+')).toBe(true);
    const session = { kind: 'session', t: 0, session: 1, startedAt: '2026-11-30T00:00:00.000Z', reason: 'start' };
    const path = join(mkdtempSync(join(tmpdir(), 'senryaku-lost-')), 'match.jsonl');
    writeFileSync(
      path,
      [journalHeader, session, { kind: 'line', t: 12, dir: 'in', line: delta }].map((r) => JSON.stringify(r)).join('\n') + '\n',
    );
    const journal = readJournal(path);
    expect(journal.ok && journal.value.unrebuiltLines).toBe(1);
    const r = await run('replay', path, '--check');
    expect(r.code).toBe(0);
    expect(r.err).toEqual([expect.stringMatching(/^note: 1 received line could not be rebuilt .*storage fault/)]);
  });
});
