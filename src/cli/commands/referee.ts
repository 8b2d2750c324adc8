/**
 * `senryaku referee`: referees a live board (or the simulated one) until interrupted, the
 * match ends, or --games N games have been played.
 */
import { CalibrationStore, resolveCalibrationDir } from '../../app/calibration-store.ts';
import { resolveJournalDir } from '../../app/journal-dir.ts';
import { readJournal } from '../../app/journal.ts';
import { boardOptionSpecs, openBoard, type OpenedBoard } from '../../app/open-board.ts';
import { LinkTap } from '../../app/link-tap.ts';
import { JournalOpenError, RefereeApp } from '../../app/referee-app.ts';
import { refereeSettingsOf } from '../../app/replay.ts';
import { resumeBoardSpn, resumePoint } from '../../app/resume.ts';
import { calibrateSimulatedBoard } from '../../app/sim-calibration.ts';
import type { Hello } from '../../hardware/protocol/index.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../../referee/senryaku/settings.ts';
import { START_SPN } from '../../rules/senryaku/spn.ts';
import { formatSettingsProblems, parseMatchOptions } from '../../app/match-settings.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';

export const REFEREE_USAGE =
  'senryaku referee --port PATH|auto | --sim [--autoplay] [--seed N] [--games N] [--players A,B] [--policy casual|tournament] [--track N] [--colours alternate|fixed] [--position SPN] [--profile FILE] [--json] [--scoreboard PATH|auto|virtual|none] [--journal-dir DIR] [--calibration-dir DIR] [--resume JOURNAL]';

const READY_TIMEOUT_MS = 30_000;

export async function refereeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    autoplay: { type: 'boolean' },
    games: { type: 'string' },
    players: { type: 'string' },
    policy: { type: 'string' },
    track: { type: 'string' },
    colours: { type: 'string' },
    json: { type: 'boolean' },
    scoreboard: { type: 'string' },
    'journal-dir': { type: 'string' },
    'calibration-dir': { type: 'string' },
    resume: { type: 'string' },
    position: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${REFEREE_USAGE}`);
  if (values.autoplay && !values.sim) throw new UsageError('--autoplay needs --sim: simulated players play on the simulated board');
  const options = parseMatchOptions(values);
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  const scoreboard = values.scoreboard ?? (values.sim ? 'virtual' : 'auto');

  const resume = values.resume === undefined ? undefined : readJournal(values.resume);
  if (resume && !resume.ok) throw new UsageError(resume.error.message);
  if (resume?.ok && values.position !== undefined) throw new UsageError('--position does not go with --resume: the journal says where the match stands');

  // Settings come from the journal when resuming; with --sim the board is set up where the match stood.
  const resumed = resume?.ok ? { settings: refereeSettingsOf(resume.value.header), contents: resume.value } : undefined;
  const simPosition = resumed ? resumeBoardSpn(resumePoint(resumed.contents, resumed.settings).state) : (values.position?.trim() ?? START_SPN);
  const opened = await openBoard(values, values.sim ? { simPosition } : {});
  if (!opened.ok) throw new UsageError(opened.error);
  const board = opened.value;
  let app: RefereeApp | undefined;
  try {
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    const { policy, match, firstPosition, gamesLimit } = options.value;
    let settings: SenryakuRefereeSettings = { ...DEFAULT_REFEREE_SETTINGS, profile: board.profile, policy, match, ...(firstPosition ? { firstPosition } : {}) };
    let players = options.value.players;
    if (resumed) {
      settings = { ...resumed.settings, profile: board.profile };
      players = resumed.contents.header.settings.players;
    }

    // The tap holds every line from the moment the link starts, so the board's first HELLO
    // (the one that dates its boot) reaches the journal and the pipeline like any other.
    const tap = new LinkTap(board.link);
    const store = new CalibrationStore(resolveCalibrationDir(values['calibration-dir']));
    const calibration = await calibrationFor(board, tap, store, seed, values.profile, io);
    if (!calibration.ok) {
      io.err(`senryaku referee: ${calibration.error}`);
      return EXIT_FAILURE;
    }

    app = new RefereeApp({
      board,
      calibration: calibration.value,
      settings,
      players,
      journalDir: resolveJournalDir(values['journal-dir']),
      ...(values.resume ? { resume: { path: values.resume } } : {}),
      tap,
      ...(values.autoplay ? { autoplaySeed: seed } : {}),
      ...(gamesLimit !== undefined ? { gamesLimit } : {}),
      io,
      json: values.json ?? false,
      scoreboard,
      source: values.sim ? { kind: 'sim', seed } : { kind: 'port', path: values.port ?? 'auto' },
      now: () => performance.now(),
    });
    try {
      await app.start();
    } catch (e) {
      if (!(e instanceof JournalOpenError)) throw e;
      io.err(`senryaku referee: ${e.message}`);
      return EXIT_FAILURE;
    }
    let onSignal: () => void = () => {};
    const interrupted = new Promise<'interrupted'>((resolve) => (onSignal = () => resolve('interrupted')));
    process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
    const why = await Promise.race([app.finished, interrupted]);
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    const journalPath = app.journalPath;
    const { lostRecords } = await app.stop();
    app = undefined;
    if (!values.json) io.out(`Stopped (${why}). The match is in ${journalPath}`);
    if (lostRecords > 0) {
      io.err(`senryaku referee: ${lostRecords} journal records could not be written and are lost (see the storage faults above)`);
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    // Every way out closes the board: an error after it was opened must never leave the process hanging.
    if (app) await app.stop();
    else await board.close();
  }
}

/** The board's calibration: stored per board id; a simulated board is calibrated on first use. */
async function calibrationFor(
  board: OpenedBoard,
  tap: LinkTap,
  store: CalibrationStore,
  seed: number,
  profilePath: string | undefined,
  io: CliIo,
): Promise<{ ok: true; value: Calibration } | { ok: false; error: string }> {
  if (board.sim) {
    const stored = store.load(board.sim.boardId);
    if (stored.ok) return stored;
    if (stored.error.code !== 'NotFound') return { ok: false, error: stored.error.message };
    io.err('Calibrating the simulated board (once per seed; the simulated helper places a reference mass on every well)...');
    return calibrateSimulatedBoard({ seed, ...(profilePath ? { profilePath } : {}), store, log: (l) => io.err(l) });
  }
  tap.start();
  const hello = await waitForHello(board);
  if (!hello) return { ok: false, error: `no board answered on ${board.description} within ${READY_TIMEOUT_MS / 1000} s` };
  const stored = store.load(hello.boardId, { cellCount: hello.wellCells + hello.pivotCells });
  if (stored.ok) return stored;
  return { ok: false, error: `${stored.error.message}: calibrate it first with 'senryaku calibrate --port ...'` };
}

function waitForHello(board: OpenedBoard): Promise<Hello | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), READY_TIMEOUT_MS);
    const off = board.link.on('state', (s) => s.state === 'ready' && done(board.link.hello));
    const done = (h: Hello | undefined): void => {
      clearTimeout(timer);
      off();
      resolve(h);
    };
    board.link.start();
  });
}
