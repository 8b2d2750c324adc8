/**
 * `senryaku referee`: referees a live board (or the simulated one) until interrupted, the
 * match ends, or --games N games have been played. Every option and directory is checked
 * before the board is opened; once it is, whatever happens, it is closed again.
 */
import { CalibrationStore, resolveCalibrationDir } from '../../app/calibration-store.ts';
import { resolveJournalDir } from '../../app/journal-dir.ts';
import { readJournal } from '../../app/journal.ts';
import { boardOptionSpecs, type OpenedBoard } from '../../app/open-board.ts';
import { LinkTap } from '../../app/link-tap.ts';
import { JournalOpenError, RefereeApp, type RefereeAppConfig } from '../../app/referee-app.ts';
import { calibrateSimulatedBoard } from '../../app/sim-calibration.ts';
import { parseSpeed, VirtualClock } from '../../app/virtual-clock.ts';
import type { Hello } from '../../protocol/index.ts';
import type { RefereeGame, Ruleset } from '../../rulesets/ruleset.ts';
import { GAME_SESSIONS, ownSettings, type GameSession } from '../../app/game-sessions/index.ts';
import { formatSettingsProblems, parseMatchOptions } from '../../app/match-settings.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import type { Result } from '../../util/result.ts';
import { realScheduler, type Scheduler } from '../../util/scheduler.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { matchStoreService, resolveStorePath } from '../../app/match-store-service.ts';
import { openStore, type MatchStore } from '../../store/index.ts';
import type { EventBus } from '../../app/event-bus.ts';
import type { Service } from '../../app/service.ts';
import { createInterface, type Interface } from 'node:readline';
import { parseOperatorAction } from '../../referee/inputs.ts';
import { openBoardFor } from '../board.ts';
import { checkDirectory } from '../file-checks.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { MQTT_OPTION_SPECS, parseMqttOptions, startMqtt, type MqttSetup } from '../mqtt-options.ts';
import { effectiveSettings, formatSettingsErrors, loadSettings, settingsAsFlags } from '../../app/settings/index.ts';
import type { BrokerUser } from '../../telemetry/broker.ts';
import { usageOf } from '../usage.ts';

const READY_TIMEOUT_MS = 30_000;
/** Virtual time a simulated board is given to close. */
const CLOSE_WAIT_MS = 10_000;

const REFEREE_OPTIONS = {
  ...boardOptionSpecs,
  autoplay: { type: 'boolean' },
  rules: { type: 'string' },
  match: { type: 'string' },
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
  speed: { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
  ...MQTT_OPTION_SPECS,
} as const;

const parseRefereeArgs = (args: string[]) => parseCommandArgs(args, REFEREE_OPTIONS);
type RefereeValues = ReturnType<typeof parseRefereeArgs>['values'];
type MatchOptionsResult = Extract<ReturnType<typeof parseMatchOptions>, { ok: true }>;
type ResumeJournal = ReturnType<typeof readJournal> | undefined;

/**
 * The flags given over the settings file (--config FILE, else the default one, if any), and
 * the MQTT users the file names. The file's problems, every one, are bad input.
 */
function withSettings(given: RefereeValues): { values: RefereeValues; users: readonly BrokerUser[] } {
  const file = loadSettings(given.config);
  if (!file.ok) throw new UsageError(formatSettingsErrors(file.error));
  const effective = effectiveSettings(file.value, given);
  if (!effective.ok) throw new UsageError(formatSettingsErrors(effective.error));
  const { settings } = effective.value;
  // The file's values stand where no flag was given (flags win: effectiveSettings applied them).
  const fromFile = settingsAsFlags(settings) as Partial<RefereeValues>;
  const values = { ...given, ...Object.fromEntries(Object.entries(fromFile).filter(([, v]) => v !== undefined)) } as RefereeValues;
  return { values, users: settings.mqtt?.users ?? [] };
}

export async function refereeCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const parsed = parseRefereeArgs(args);
  const { positionals } = parsed;
  // The flags are checked as given first, so a bad one is named as typed; then the settings file under them.
  const given = parseMatchOptions(parsed.values);
  if (!given.ok) throw new UsageError(formatSettingsProblems(given.error));
  if (parsed.values.scoreboard === '') throw new UsageError('--scoreboard needs PATH, auto, virtual or none');
  const { values, users } = withSettings(parsed.values);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('referee')}`);
  if (values.autoplay && !values.sim) throw new UsageError('--autoplay needs --sim: simulated players play on the simulated board');
  const options = parseMatchOptions(values);
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  const speed = parseSpeed(values.speed ?? '1');
  if (!speed.ok) throw new UsageError(speed.error);
  if (values.speed !== undefined && values.port !== undefined)
    throw new UsageError('--speed does not go with --port: a real board plays in real time');
  const mqttPlan = parseMqttOptions(values);

  const resume = values.resume === undefined ? undefined : readJournal(values.resume);
  if (resume && !resume.ok) throw new UsageError(resume.error.message);
  // A journal says its own game.
  const rulesetId = resume?.ok ? resume.value.header.ruleset : options.value.ruleset;
  // Only a --rules given on the command line can contradict the journal (the file's is a default).
  if (resume?.ok && parsed.values.rules !== undefined && parsed.values.rules !== rulesetId)
    throw new UsageError(`${values.resume} is a ${rulesetId} match: --rules ${parsed.values.rules} does not go with it`);
  const session = GAME_SESSIONS.get(rulesetId);
  if (!session) throw new UsageError(`senryaku referee has no session for the game '${rulesetId}'`);
  if (resume && values.position !== undefined)
    throw new UsageError('--position does not go with --resume: the journal says where the match stands');
  if (values.resume === undefined) checkDirectory(resolveJournalDir(values['journal-dir']), 'journal directory', 'write');
  // A simulated board is calibrated on first use, and its calibration saved.
  checkDirectory(resolveCalibrationDir(values['calibration-dir']), 'calibration directory', values.sim ? 'write' : 'read');

  // Resuming on the simulated board: it is set up where the match stood.
  const resumed = resume?.ok ? session.resumeSetup(resume.value) : undefined;
  if (resumed?.over) throw new UsageError(`the match in ${values.resume} is over: nothing to resume (senryaku replay shows it)`);
  const simPosition = resumed ? resumed.position : (values.position?.trim() ?? session.ruleset.startPosition);
  // A simulated session runs on virtual time: the same seed gives the same verdicts at any --speed.
  const clock = values.sim ? new VirtualClock({ speed: speed.value }) : undefined;
  try {
    const board = await openSessionBoard(values, deps, session.ruleset, simPosition, clock, io);
    if (!board) return EXIT_FAILURE;
    let mqtt: MqttSetup | undefined;
    try {
      mqtt = await startMqtt(mqttPlan, board, io, users);
      return await refereeOn(board, session, values, options, resume, io, clock, deps, mqtt);
    } finally {
      await mqtt?.close();
      await clock?.start(); // closing the link takes (virtual) time too
      await board.close();
    }
  } finally {
    await clock?.stop();
  }
}

/**
 * Opens the board. A simulated board with no stored calibration is calibrated first (on
 * the session's clock, fast-forwarded) and then opened afresh, so that the run which
 * calibrates referees exactly as every later run of the seed does. Undefined: the
 * calibration failed (said on stderr).
 */
async function openSessionBoard(
  values: RefereeValues,
  deps: CliDeps,
  ruleset: Ruleset,
  simPosition: string,
  clock: VirtualClock | undefined,
  io: CliIo,
): Promise<OpenedBoard | undefined> {
  const sessionClock = clock ? { scheduler: clock.scheduler } : {};
  const board = await openBoardFor(values, deps, values.sim ? { ruleset, simPosition, ...sessionClock } : { ruleset });
  if (!board.sim || !clock) return board;
  const store = new CalibrationStore(resolveCalibrationDir(values['calibration-dir']));
  const stored = store.load(board.sim.boardId);
  if (stored.ok || stored.error.code !== 'NotFound') return board;
  await clock.fastForward(board.close(), CLOSE_WAIT_MS);
  io.err('Calibrating the simulated board (once per seed; the simulated helper places a reference mass on every well)...');
  const calibrated = await calibrateSimulatedBoard({
    seed: values.seed === undefined ? 1 : Number(values.seed),
    ...(values.profile ? { profilePath: values.profile } : {}),
    store,
    log: (l) => io.err(l),
    clock,
    ruleset,
  });
  if (!calibrated.ok) {
    io.err(`senryaku referee: ${calibrated.error}`);
    return undefined;
  }
  return openBoardFor(values, deps, { ruleset, simPosition, ...sessionClock });
}

/** Everything after the board is opened; the caller closes it, whatever happens here. */
async function refereeOn(
  board: OpenedBoard,
  session: GameSession,
  values: RefereeValues,
  options: MatchOptionsResult,
  resume: ResumeJournal,
  io: CliIo,
  clock: VirtualClock | undefined,
  deps: CliDeps,
  mqtt: MqttSetup,
): Promise<number> {
  const scoreboard = values.scoreboard ?? (values.sim ? 'virtual' : 'auto');
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  const { gamesLimit } = options.value;
  // The tap holds every line from the moment the link starts, so the board's first HELLO
  // (the one that dates its boot) reaches the journal and the pipeline like any other.
  // The tap dates what it holds on the link's clock (the session's virtual one for --sim).
  const scheduler = clock?.scheduler ?? realScheduler;
  // A resumed match goes on with its journal's settings and players; the board is the one opened now.
  const game: RefereeGame = resume?.ok
    ? { ruleset: session.ruleset, settings: ownSettings(resume.value), profile: board.file.profile }
    : session.newMatch(board.file, options.value);
  const players = resume?.ok ? resume.value.header.settings.players : options.value.players;
  const simulatedPlayers = values.autoplay && board.sim ? session.simulatedPlayers(board.sim, board.file, seed, scheduler) : undefined;
  const tap = new LinkTap(board.link, scheduler);
  const store = new CalibrationStore(resolveCalibrationDir(values['calibration-dir']));
  const calibration = await calibrationFor(board, tap, store);
  if (!calibration.ok) {
    io.err(`senryaku referee: ${calibration.error}`);
    return EXIT_FAILURE;
  }

  const matchStore = openSessionStore(values.db, io);
  try {
    return await refereeMatch(board, values, resume, io, clock, deps, {
      services: [...(matchStore ? [matchStoreService(matchStore)] : []), ...mqtt.services],
      calibration: calibration.value,
      game,
      players,
      tap,
      simulatedPlayers,
      scheduler,
      seed,
      scoreboard,
      gamesLimit,
    });
  } finally {
    matchStore?.close();
  }
}

/**
 * The match store the session files its match in (--db FILE, else the default; `off`: none).
 * The journal is the match's record: a store that cannot be opened is said, and the referee
 * goes on without it (`senryaku matches rebuild` files the match later).
 */
function openSessionStore(option: string | undefined, io: CliIo): MatchStore | undefined {
  if (option === 'off') return undefined;
  const path = resolveStorePath(option);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    io.err(
      `senryaku referee: no match store: cannot create ${dirname(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
    return undefined;
  }
  const opened = openStore(path);
  if (opened.ok) return opened.value;
  io.err(`senryaku referee: no match store: ${opened.error.message}; the journal keeps the match (senryaku matches rebuild)`);
  return undefined;
}

interface MatchParts {
  readonly calibration: Calibration;
  readonly game: RefereeGame;
  readonly players: { readonly A: string; readonly B: string };
  readonly tap: LinkTap;
  readonly simulatedPlayers: ((bus: EventBus) => Service) | undefined;
  readonly scheduler: Scheduler;
  readonly seed: number;
  readonly scoreboard: string;
  readonly gamesLimit: number | undefined;
  /** The session's services: the match store, MQTT. */
  readonly services: NonNullable<RefereeAppConfig['services']>;
}

/** The refereed match itself, from the app's start to its stop. */
async function refereeMatch(
  board: OpenedBoard,
  values: RefereeValues,
  resume: ResumeJournal,
  io: CliIo,
  clock: VirtualClock | undefined,
  deps: CliDeps,
  p: MatchParts,
): Promise<number> {
  const { game, players, tap, simulatedPlayers, scheduler, seed, scoreboard, gamesLimit } = p;
  const app = new RefereeApp({
    board,
    calibration: p.calibration,
    services: p.services,
    game,
    players,
    journalDir: resolveJournalDir(values['journal-dir']),
    ...(values.resume && resume?.ok ? { resume: { path: values.resume, contents: resume.value } } : {}),
    tap,
    ...(simulatedPlayers ? { simulatedPlayers } : {}),
    ...(gamesLimit !== undefined ? { gamesLimit } : {}),
    io,
    json: values.json ?? false,
    scoreboard,
    source: values.sim ? { kind: 'sim', seed } : { kind: 'port', path: values.port ?? 'auto' },
    scheduler,
  });
  try {
    await app.start();
  } catch (e) {
    await app.stop(); // what start() had started (services, the journal) is let go first
    if (!(e instanceof JournalOpenError)) throw e;
    io.err(`senryaku referee: ${e.message}`);
    return EXIT_FAILURE;
  }
  const operator = listenToOperator(app, deps.operatorInput ?? (process.stdin.isTTY ? process.stdin : undefined), io);
  // Time starts once everything is in place, so a run's virtual timeline never depends on how long the setup took.
  await clock?.start();
  let onSignal: () => void = () => {};
  const interrupted = new Promise<'interrupted'>((resolve) => (onSignal = () => resolve('interrupted')));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const why = await Promise.race([app.finished, interrupted]);
  process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  operator?.close();
  const { lostRecords } = await app.stop();
  if (!values.json) io.out(`Stopped (${why}). The match is in ${app.journalPath}`);
  if (lostRecords > 0) {
    io.err(`senryaku referee: ${lostRecords} journal records could not be written and are lost (see the storage faults above)`);
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}

/** Operator commands, one per line: `agree` (end the game by agreement), `attribute SIDE|none` (a holding). */
function listenToOperator(app: RefereeApp, input: NodeJS.ReadableStream | undefined, io: CliIo): Interface | undefined {
  if (!input) return undefined;
  const lines = createInterface({ input, terminal: false });
  lines.on('line', (text) => {
    const command = text.trim();
    if (command === '') return;
    const action = parseOperatorAction(command);
    if (action.ok) app.operate(action.value);
    else io.err(action.error);
  });
  return lines;
}

/** The board's calibration, stored per board id (a simulated one was calibrated when it was opened, if need be). */
async function calibrationFor(board: OpenedBoard, tap: LinkTap, store: CalibrationStore): Promise<Result<Calibration, string>> {
  if (board.sim) {
    const stored = store.load(board.sim.boardId);
    return stored.ok ? stored : { ok: false, error: stored.error.message };
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
