/**
 * The command line's promise, case by case: bad input is one line on stderr and exit 2; a
 * runtime failure (a missing device, no board for --port auto, a board whose stored
 * calibration is broken) is one line and exit 1. Never a stack trace, never "internal
 * error", never a hang. Most cases run in process through main(); a few run as real
 * processes of bin/senryaku.js, to show the process exits once it has said its line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { header as journalHeader } from '../journal/journal-fixture.ts';
import type { PortInfo } from '../../src/hardware/link/index.ts';
import { createSimBoard } from '../../src/hardware/sim/index.ts';
import { REFERENCE_PROFILE_PATH } from '../support/reference-profile.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

// ---- fixtures: made once, at collection, so the table can name them ----------------------
const dir = mkdtempSync(join(tmpdir(), 'senryaku-bad-input-'));
const at = (name: string, text?: string): string => {
  const path = join(dir, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};
const file = at('a-file', 'just a file\n');
const missing = at('no-such-file.json');
const garbage = at('garbage.json', 'not json\nat all\n');
const nullJson = at('null.json', 'null\n');
const empty = at('empty', '');
const incompleteProfile = at(
  'incomplete-profile.json',
  JSON.stringify({ format: 'senryaku-board-profile', version: 1, name: 'x', geometry: {}, masses: {} }),
);
const notJournal = at('not-a-journal.jsonl', '{"hello":1}\n');
const binary = at('binary', '\x00\x01\x02 garbage\n');
// Journals that are damaged or edited: a `null` record, a header without settings, a verdict the replay does not give.
const goodHeader = JSON.stringify(journalHeader);
const session1 = JSON.stringify({ kind: 'session', t: 0, session: 1, startedAt: '2026-11-30T00:00:00.000Z', reason: 'start' });
const nullRecord = at('null-record.jsonl', `${goodHeader}\n${session1}\nnull\n`);
const { settings: _settings, ...headerWithoutSettings } = journalHeader;
const noSettings = at('no-settings.jsonl', `${JSON.stringify(headerWithoutSettings)}\n${session1}\n`);
const editedVerdict = at(
  'edited.jsonl',
  `${goodHeader}\n${session1}\n${JSON.stringify({ kind: 'verdict', t: 1, verdict: { type: 'notice', message: 'edited', atMs: 1 } })}\n`,
);
const badRecording = at('bad.rec', '{"format":"senryaku-recording","version":99}\n');
const existing = at('existing.rec', 'an earlier recording\n');
const subdir = join(dir, 'a-dir');
mkdirSync(subdir);
const underFile = join(file, 'below');
/** A device path that cannot exist: under a directory made just now. */
const noDevice = join(mkdtempSync(join(tmpdir(), 'senryaku-dev-')), 'ttyACM0');
const journalDir = join(dir, 'journal');
const calDir = join(dir, 'cal');
const dirs = ['--journal-dir', journalDir, '--calibration-dir', calDir];
/** The dashboard on a free port (the tests' environment turns it off): it says its address first. */
const dashboard = ['--http', '127.0.0.1:0'];
const newOut = (): string => join(mkdtempSync(join(dir, 'out-')), 'session.rec');

/** A calibration store holding a broken file for the simulated board of seed 1: found only once the board is open. */
const brokenCalDir = join(dir, 'broken-cal');
mkdirSync(brokenCalDir);
const sim1 = createSimBoard({ seed: 1 });
if (!sim1.ok) throw new Error(sim1.error.message);
writeFileSync(join(brokenCalDir, `${sim1.value.boardId.toString(16).toUpperCase().padStart(8, '0')}.json`), 'garbage\n');

const SERIAL_ONLY: PortInfo[] = [{ path: '/dev/ttyS0' }];
const A_MEGA: PortInfo[] = [{ path: '/dev/ttyACM0', vendorId: '2341', productId: '0042', manufacturer: 'Arduino (www.arduino.cc)' }];

interface Case {
  readonly argv: readonly string[];
  readonly code: 1 | 2;
  readonly message: RegExp;
  /** What the injected port lister returns (default: no ports at all). */
  readonly ports?: readonly PortInfo[];
}

const bad = (message: RegExp, ...argv: string[]): Case => ({ argv, code: 2, message });
const fails = (message: RegExp, ...argv: string[]): Case => ({ argv, code: 1, message });
const withPorts = (ports: readonly PortInfo[], c: Case): Case => ({ ...c, ports });

const NO_DEVICE = /does not exist \(is the board plugged in\?\); serial ports on this machine: none found$/;
/** The registry's own words for a game it does not know. */
const RULES_CHESS = new RegExp(`bad --rules: unknown ruleset 'chess'; the rulesets are ${BUILT_IN_RULESETS.ids.join(', ')}$`);

/** /proc takes no new directory, yet grants write access to root and made Node's recursive mkdir loop for ever. */
const PROC_CASES = (...cases: Case[]): Case[] => (existsSync('/proc/self') ? cases : []);

const CASES: readonly Case[] = [
  // the command line itself
  bad(/^senryaku: unknown command 'dance'; try 'senryaku help'$/, 'dance'),
  bad(/^senryaku: unknown option '--frobnicate'/, '--frobnicate'),
  bad(/^senryaku: unknown option '-x'/, '-x'),
  bad(/^senryaku help: unknown command 'dance'/, 'help', 'dance'),
  // perft
  bad(/perft takes one DEPTH; usage: senryaku perft DEPTH/, 'perft'),
  bad(/DEPTH must be a whole number from 1 to 12, got 'abc'/, 'perft', 'abc'),
  bad(/DEPTH must be a whole number from 1 to 12, got '0'/, 'perft', '0'),
  bad(/DEPTH must be a whole number from 1 to 12, got '13'/, 'perft', '13'),
  bad(/DEPTH must be a whole number from 1 to 12, got '-1'$/, 'perft', '-1'),
  bad(/perft takes one DEPTH/, 'perft', '2', '3'),
  bad(/rank 1 describes 6 wells.*RankTooShort/, 'perft', '3', '--position', 'bbbBbbb/7/7/7/7/wwwWww w - -'),
  bad(/Option '--position <value>' argument missing/, 'perft', '3', '--position'),
  bad(/cannot read profile .*no-such-file\.json: ENOENT/, 'perft', '3', '--profile', missing),
  bad(/invalid profile .*garbage\.json: not valid JSON: /, 'perft', '3', '--profile', garbage),
  bad(/invalid profile .*null\.json \(for Senryaku\): .*\[NotObject\]/, 'perft', '3', '--profile', nullJson),
  bad(/cannot read profile .*a-dir: EISDIR/, 'perft', '3', '--profile', subdir),
  bad(/Option '--divide' does not take an argument/, 'perft', '3', '--divide=yes'),
  bad(/Unknown option '--frobnicate'/, 'perft', '3', '--frobnicate'),
  bad(RULES_CHESS, 'perft', '1', '--rules', 'chess'),
  // moves
  bad(/moves takes no positional argument/, 'moves', 'extra'),
  bad(/bad --rules: unknown ruleset ''/, 'moves', '--rules', ''),
  bad(/bad --position: /, 'moves', '--position', 'nonsense'),
  bad(/LockNotPlain/, 'moves', '--position', 'bbbBbbb/7/7/7/7/wwwWwww w - a1'),
  bad(/bad --position: the SPN is empty.*\[Empty\]/, 'moves', '--position', ''),
  bad(/invalid profile .*empty: not valid JSON: /, 'moves', '--profile', empty),
  bad(/geometry\.wellPitch.*\[Missing\]/, 'moves', '--profile', incompleteProfile),
  // calibrate
  bad(/give exactly one of --port PATH \(or --port auto\) and --sim/, 'calibrate'),
  bad(/give exactly one of --port/, 'calibrate', '--sim', '--port', noDevice),
  bad(/unexpected argument 'extra'/, 'calibrate', '--sim', 'extra', '--calibration-dir', calDir),
  bad(/--reference-grams must be a number of grams >= 10, got '5'/, 'calibrate', '--sim', '--reference-grams', '5'),
  bad(/--reference-grams must be a number of grams >= 10, got 'heavy'/, 'calibrate', '--sim', '--reference-grams', 'heavy'),
  bad(/--seed must be an integer, got 'x'/, 'calibrate', '--sim', '--seed', 'x', '--calibration-dir', calDir),
  bad(/--seed only applies to --sim/, 'calibrate', '--port', noDevice, '--seed', '3', '--calibration-dir', calDir),
  bad(/calibration directory .*a-file: it is a file, not a directory$/, 'calibrate', '--sim', '--calibration-dir', file),
  bad(
    /calibration directory .*a-file\/below: .*a-file is a file, not a directory \(ENOTDIR\)$/,
    'calibrate',
    '--sim',
    '--calibration-dir',
    underFile,
  ),
  bad(/invalid profile .*garbage\.json/, 'calibrate', '--sim', '--profile', garbage, '--calibration-dir', calDir),
  bad(RULES_CHESS, 'calibrate', '--sim', '--rules', 'chess', '--calibration-dir', calDir),
  bad(
    /invalid profile .*reference-mega-2560\.json \(for Surakarta\): cells\.wells: cells\.wells must name 36 wells, got 42/,
    'calibrate',
    '--sim',
    '--rules',
    'surakarta',
    '--profile',
    REFERENCE_PROFILE_PATH,
    '--calibration-dir',
    calDir,
  ),
  bad(/--port needs a path, or "auto"/, 'calibrate', '--port', '', '--calibration-dir', calDir),
  fails(NO_DEVICE, 'calibrate', '--port', noDevice, '--calibration-dir', calDir),
  fails(
    /--port auto: no Arduino-like port \(USB ids 2341:\*.*\) found; serial ports on this machine: none found$/,
    'calibrate',
    '--port',
    'auto',
    '--calibration-dir',
    calDir,
  ),
  // monitor
  bad(/give exactly one of --port/, 'monitor'),
  bad(/--duration must be a number of seconds > 0, got '0'/, 'monitor', '--sim', '--duration', '0'),
  bad(/--duration must be a number of seconds > 0, got 'soon'/, 'monitor', '--sim', '--duration', 'soon'),
  bad(/unexpected argument 'extra'/, 'monitor', '--sim', 'extra'),
  bad(/--port .*a-file is not a serial device \(it is a regular file\)/, 'monitor', '--port', file, '--calibration-dir', calDir),
  bad(/--port .*a-dir is not a serial device \(it is a directory\)/, 'monitor', '--port', subdir, '--calibration-dir', calDir),
  bad(/calibration directory .*a-file: it is a file/, 'monitor', '--sim', '--calibration-dir', file),
  bad(RULES_CHESS, 'monitor', '--sim', '--rules', 'chess'),
  fails(NO_DEVICE, 'monitor', '--port', noDevice, '--calibration-dir', calDir),
  withPorts(
    SERIAL_ONLY,
    fails(
      /--port auto: no Arduino-like port .* found; serial ports on this machine: \/dev\/ttyS0 \(no USB id\)$/,
      'monitor',
      '--port',
      'auto',
      '--calibration-dir',
      calDir,
    ),
  ),
  // record
  bad(/--out FILE is required/, 'record', '--sim'),
  bad(/give exactly one of --port/, 'record', '--out', newOut()),
  bad(/--out .*existing\.rec: it exists; add --force to overwrite it$/, 'record', '--sim', '--out', existing),
  bad(/--out .*a-dir: it is a directory$/, 'record', '--sim', '--out', subdir, '--force'),
  bad(
    /--out .*a-file\/below\/x\.rec: .*a-file is a file, not a directory \(ENOTDIR\)$/,
    'record',
    '--sim',
    '--out',
    join(underFile, 'x.rec'),
  ),
  bad(/--duration must be a number of seconds > 0, got '-1'$/, 'record', '--sim', '--out', newOut(), '--duration', '-1'),
  bad(/--duration must be a number of seconds > 0, got '=1'/, 'record', '--sim', '--out', newOut(), '--duration', '=1'),
  bad(/--seed must be an integer, got 'x'/, 'record', '--sim', '--out', existing, '--force', '--seed', 'x'),
  bad(RULES_CHESS, 'record', '--sim', '--out', newOut(), '--rules', 'chess'),
  bad(/--out .*existing\.rec: it exists/, 'record', '--port', noDevice, '--out', existing),
  fails(NO_DEVICE, 'record', '--port', noDevice, '--out', newOut()),
  // sim
  bad(/only --pty is available from the command line/, 'sim'),
  bad(/--seed must be a whole number from 0 to 4294967295, got 'abc'/, 'sim', '--pty', '--seed', 'abc'),
  bad(/bad board layout "nonsense"/, 'sim', '--pty', '--spn', 'nonsense'),
  bad(RULES_CHESS, 'sim', '--pty', '--rules', 'chess'),
  bad(/bad board layout "nonsense"/, 'sim', '--pty', '--rules', 'surakarta', '--position', 'nonsense'),
  bad(
    /--spn is Senryaku's notation; give a Surakarta position with --position/,
    'sim',
    '--pty',
    '--rules',
    'surakarta',
    '--spn',
    '6/6/6/6/6/6 x',
  ),
  bad(/give --position or --spn, not both/, 'sim', '--pty', '--position', 'bbbBbbb/7/7/7/7/wwwWwww', '--spn', 'bbbBbbb/7/7/7/7/wwwWwww'),
  bad(/cannot read profile .*no-such-file\.json: ENOENT/, 'sim', '--pty', '--profile', missing),
  bad(/unexpected 'extra'/, 'sim', 'extra'),
  // referee
  bad(/give exactly one of --port/, 'referee', ...dirs),
  bad(/--autoplay needs --sim/, 'referee', '--port', noDevice, '--autoplay', ...dirs),
  bad(/--policy is casual or tournament/, 'referee', '--sim', '--policy', 'strict', ...dirs),
  bad(new RegExp(`--rules is ${BUILT_IN_RULESETS.ids.join(' or ')}, not 'chess'`), 'referee', '--sim', '--rules', 'chess', ...dirs),
  bad(/--track must be a whole number from 1 to 99, got '0'/, 'referee', '--sim', '--track', '0', ...dirs),
  // A negative number is a value the option names, not "argument is ambiguous".
  bad(/--track must be a whole number from 1 to 99, got '-3'$/, 'referee', '--sim', '--track', '-3', ...dirs),
  bad(/--speed must be a number > 0 or 'max', got '-2'$/, 'referee', '--sim', '--speed', '-2', ...dirs),
  bad(
    /--speed max does not go with --scoreboard \/dev\/ttyACM1: a real scoring board is drawn in real time and would show nothing; use --speed N or --scoreboard virtual$/,
    'referee',
    '--sim',
    '--speed',
    'max',
    '--scoreboard',
    '/dev/ttyACM1',
    ...dirs,
  ),
  bad(/--speed max does not go with --scoreboard auto/, 'referee', '--sim', '--speed', 'max', '--scoreboard', 'auto', ...dirs),
  bad(/--speed must be a number > 0 or 'max', got '-0\.5'$/, 'referee', '--sim', '--speed=-0.5', ...dirs),
  bad(/--duration must be a number of seconds > 0, got '-5'$/, 'monitor', '--sim', '--duration', '-5'),
  bad(/--reference-grams must be a number of grams >= 10, got '-5'$/, 'calibrate', '--sim', '--reference-grams', '-5'),
  bad(/--games must be a whole number from 1 to 10000, got 'many'/, 'referee', '--sim', '--games', 'many', ...dirs),
  bad(/--players takes two names/, 'referee', '--sim', '--players', 'solo', ...dirs),
  bad(/--colours is alternate or fixed, not 'purple'/, 'referee', '--sim', '--colours', 'purple', ...dirs),
  bad(/--position is not valid SPN/, 'referee', '--sim', '--position', 'nonsense', ...dirs),
  bad(/cannot read journal .*no-such-file\.json/, 'referee', '--sim', '--resume', missing, ...dirs),
  bad(/journal directory .*a-file: it is a file, not a directory$/, 'referee', '--sim', '--journal-dir', file, '--calibration-dir', calDir),
  bad(
    /journal directory .*a-file\/below: .*a-file is a file, not a directory \(ENOTDIR\)$/,
    'referee',
    '--sim',
    '--journal-dir',
    underFile,
    '--calibration-dir',
    calDir,
  ),
  bad(/calibration directory .*a-file: it is a file/, 'referee', '--sim', '--journal-dir', journalDir, '--calibration-dir', file),
  bad(
    /calibration directory .*a-file: it is a file/,
    'referee',
    '--port',
    noDevice,
    '--journal-dir',
    journalDir,
    '--calibration-dir',
    file,
  ),
  bad(/--seed .*must be an integer, got '1\.5'/, 'referee', '--sim', '--seed', '1.5', ...dirs),
  bad(/--scoreboard needs PATH, auto, virtual or none/, 'referee', '--sim', '--scoreboard', '', ...dirs),
  bad(/invalid profile .*null\.json/, 'referee', '--sim', '--profile', nullJson, ...dirs),
  bad(/Option '--json' does not take an argument/, 'referee', '--sim', '--json=1', ...dirs),
  bad(/unexpected argument 'now'/, 'referee', '--sim', 'now', ...dirs),
  fails(NO_DEVICE, 'referee', '--port', noDevice, ...dirs),
  fails(/--port auto: no Arduino-like port .* found; serial ports on this machine: none found$/, 'referee', '--port', 'auto', ...dirs),
  withPorts(
    A_MEGA,
    fails(/does not exist .*serial ports on this machine: \/dev\/ttyACM0 2341:0042 Arduino/, 'referee', '--port', noDevice, ...dirs),
  ),
  // With the dashboard on: the board's options, profile and port are checked before it says its address.
  bad(/--port .*a-file is not a serial device \(it is a regular file\)$/, 'referee', '--port', file, ...dirs, ...dashboard),
  bad(/give exactly one of --port/, 'referee', '--sim', '--port', noDevice, ...dirs, ...dashboard),
  bad(/invalid profile .*garbage\.json: .*not valid JSON/, 'referee', '--sim', '--profile', garbage, ...dirs, ...dashboard),
  fails(NO_DEVICE, 'referee', '--port', noDevice, ...dirs, ...dashboard),
  fails(
    /--port auto: no Arduino-like port .* found; serial ports on this machine: none found$/,
    'referee',
    '--port',
    'auto',
    ...dirs,
    ...dashboard,
  ),
  // After the board is open: the stored calibration of the simulated board is broken, a bad file like any other.
  bad(
    /^senryaku referee: invalid calibration .*\[NotJson\]$/,
    'referee',
    '--sim',
    '--journal-dir',
    journalDir,
    '--calibration-dir',
    brokenCalDir,
  ),
  // replay
  bad(/replay takes one file/, 'replay'),
  bad(/replay takes one file/, 'replay', existing, notJournal),
  bad(/cannot read .*no-such-file\.json: ENOENT/, 'replay', missing),
  bad(/cannot read .*a-dir: EISDIR/, 'replay', subdir),
  bad(/empty journal/, 'replay', empty),
  bad(/not a journal header/, 'replay', notJournal),
  bad(/not a journal header/, 'replay', binary),
  bad(/null-record\.jsonl:3: not a journal record/, 'replay', nullRecord),
  bad(/no-settings\.jsonl:1: journal header: settings are missing/, 'replay', noSettings),
  fails(
    /the replay differs from the journal at line 3 \(session 1\): the journal has .*edited.*, the replay gives nothing more/,
    'replay',
    editedVerdict,
  ),
  fails(/the replay differs from the journal at line 3/, 'replay', editedVerdict, '--check'),
  bad(/--check needs a journal/, 'replay', badRecording, '--check'),
  bad(/null-record\.jsonl:3: not a journal record/, 'referee', '--sim', '--resume', nullRecord, ...dirs),
  bad(/settings are missing/, 'referee', '--sim', '--resume', noSettings, ...dirs),
  bad(
    /--position does not go with --resume/,
    'referee',
    '--sim',
    '--resume',
    editedVerdict,
    '--position',
    'bbbBbbb/7/7/7/7/wwwWwww w - -',
    ...dirs,
  ),
  bad(/not a valid recording: line 1/, 'replay', badRecording),
  bad(/Unknown option '--frobnicate'/, 'replay', notJournal, '--frobnicate'),
  bad(/calibration directory .*a-file: it is a file, not a directory$/, 'replay', notJournal, '--calibration-dir', file),
  // board
  bad(/say info, send, leds or cells/, 'board', 'off', '--port', noDevice),
  bad(/^senryaku board: --port .*a-file is not a serial device \(it is a regular file\)$/, 'board', 'info', '--port', file),
  bad(/--port .*a-dir is not a serial device \(it is a directory\)$/, 'board', 'leds', 'off', '--port', subdir),
  fails(NO_DEVICE, 'board', 'info', '--port', noDevice),
  // scoreboard
  bad(/usage: senryaku scoreboard test/, 'scoreboard'),
  bad(/usage: senryaku scoreboard test/, 'scoreboard', 'walk', '--port', noDevice),
  bad(/--port PATH is required/, 'scoreboard', 'test'),
  bad(/--track is a whole number from 1 to \d+, got '0'/, 'scoreboard', 'test', '--port', noDevice, '--track', '0'),
  bad(/--pause is a number of milliseconds, got 'slow'/, 'scoreboard', 'test', '--port', noDevice, '--pause', 'slow'),
  bad(/--port .*a-file is not a serial device/, 'scoreboard', 'test', '--port', file),
  bad(/scoreboard sim makes its own port \(it prints it\); --port is for scoreboard test/, 'scoreboard', 'sim', '--port', noDevice),
  bad(/--hex is for scoreboard sim/, 'scoreboard', 'test', '--port', noDevice, '--hex', file),
  bad(/--track is a whole number from 1 to \d+, got '99'/, 'scoreboard', 'sim', '--track', '99'),
  fails(NO_DEVICE, 'scoreboard', 'test', '--port', noDevice),
  withPorts(
    A_MEGA,
    fails(
      /--port auto: no Arduino Uno \(USB ids .*\) found; serial ports on this machine: \/dev\/ttyACM0 2341:0042/,
      'scoreboard',
      'test',
      '--port',
      'auto',
    ),
  ),
];

/** What a case may print: one line on stderr, no stack trace, no "internal error", nothing on stdout. */
function expectOneCleanLine(stderr: string, stdout: string, c: Case): void {
  const lines = stderr.replace(/\n$/, '').split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^senryaku( [a-z]+)?: /);
  expect(lines[0]).toMatch(c.message);
  expect(stderr).not.toMatch(/internal error|^\s+at /m);
  expect(stdout).toBe('');
}

describe('bad input and runtime failures (in process)', () => {
  // The commands' modules (the referee's pulls in the whole host) load once here, so the
  // cases' bound is on what each case does, not on a busy machine's first import.
  beforeAll(async () => {
    const commands = join(import.meta.dirname, '../../src/cli/commands');
    for (const file of readdirSync(commands).filter((f) => f.endsWith('.ts'))) await import(join(commands, file));
  }, 180_000);

  it('the table is long enough to mean something', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  // The default hang bound (vitest.config.ts), not a measurement: each case says its line long before.
  it.each(CASES.map((c) => [c.argv.join(' ').replaceAll(dir, '$TMP'), c] as const))('senryaku %s', async (_name, c) => {
    const out: string[] = [];
    const err: string[] = [];
    const ports = c.ports ?? [];
    const code = await main(
      [...c.argv],
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { serialDevices: { list: async () => ports } },
    );
    expectOneCleanLine(err.map((l) => `${l}\n`).join(''), out.join('\n'), c);
    expect(code).toBe(c.code);
  });
});

/** Runs bin/senryaku.js; `hung` if it has not exited 20 s after its first line on stderr, or 180 s after it started (hang bounds for a busy machine). */
function runBinary(argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/senryaku.js', ...argv], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hung = false;
    let hangTimer: ReturnType<typeof setTimeout> | undefined;
    const silentTimer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, 180_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      hangTimer ??= setTimeout(() => {
        hung = true;
        child.kill('SIGKILL');
      }, 20_000);
    });
    child.on('close', (code) => {
      clearTimeout(hangTimer);
      clearTimeout(silentTimer);
      resolve({ code, stdout, stderr, hung });
    });
  });
}

describe('bad input and runtime failures (the real binary exits)', () => {
  // Started together; the time to start Node and tsx on a busy machine is bounded by the
  // test's timeout, the exit after the error line by runBinary's 20 s.
  const CHILD_CASES: readonly Case[] = [
    bad(
      /journal directory .*a-file: it is a file, not a directory$/,
      'referee',
      '--sim',
      '--journal-dir',
      file,
      '--calibration-dir',
      calDir,
    ),
    fails(
      /does not exist \(is the board plugged in\?\); (serial ports on this machine: .*|the serial ports could not be listed .*)$/,
      'referee',
      '--port',
      noDevice,
      ...dirs,
    ),
    fails(/does not exist/, 'monitor', '--port', noDevice, '--duration', '1', '--calibration-dir', calDir),
    fails(/does not exist/, 'scoreboard', 'test', '--port', noDevice),
    bad(/--out .*existing\.rec: it exists; add --force to overwrite it$/, 'record', '--sim', '--out', existing),
    bad(
      /^senryaku referee: invalid calibration .*\[NotJson\]$/,
      'referee',
      '--sim',
      '--journal-dir',
      journalDir,
      '--calibration-dir',
      brokenCalDir,
    ),
    bad(/empty journal/, 'replay', empty),
    bad(/Unknown option '--frobnicate'/, 'referee', '--frobnicate'),
    // In a child: Node's recursive mkdir looped for ever here, which no in-process timeout can end.
    ...PROC_CASES(
      bad(
        /calibration directory \/proc\/senryaku-x: it cannot be created: \/proc is in the kernel's proc file system$/,
        'calibrate',
        '--sim',
        '--calibration-dir',
        '/proc/senryaku-x',
      ),
      bad(
        /journal directory \/proc\/senryaku-x\/j: it cannot be created: \/proc is in the kernel's proc file system$/,
        'referee',
        '--sim',
        '--journal-dir',
        '/proc/senryaku-x/j',
        '--calibration-dir',
        calDir,
      ),
      bad(
        /--out \/proc\/senryaku-x\/s\.rec: it cannot be created: \/proc is in the kernel's proc file system$/,
        'record',
        '--sim',
        '--out',
        '/proc/senryaku-x/s.rec',
      ),
      fails(
        /cannot create the directory of \/proc\/senryaku-x\/m\.db: ENOENT$/,
        'matches',
        'rebuild',
        '--db',
        '/proc/senryaku-x/m.db',
        '--journal-dir',
        subdir,
      ),
    ),
  ];

  it(
    `${CHILD_CASES.length} commands, each one line and the documented exit code, and no process left behind`,
    { timeout: 240_000 },
    async () => {
      const runs = await Promise.all(CHILD_CASES.map((c) => runBinary(c.argv)));
      runs.forEach((r, i) => {
        const c = CHILD_CASES[i]!;
        expect(r.hung, `${c.argv.join(' ')} did not exit`).toBe(false);
        expectOneCleanLine(r.stderr, r.stdout, c);
        expect(r.code, c.argv.join(' ')).toBe(c.code);
      });
    },
  );
});
