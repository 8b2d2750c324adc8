/**
 * `senryaku referee`: referees a live board (or the simulated one) until interrupted, the
 * match ends, or --games N games have been played. Every option and directory is checked
 * before the board is opened; once it is, whatever happens, it is closed again.
 */
import type { GameWords } from '../../rulesets/words.ts';
import { CalibrationStore, resolveCalibrationDir } from '../../calibration/store.ts';
import { resolveJournalDir } from '../../journal/directory.ts';
import { readJournal } from '../../journal/journal.ts';
import { resolveFallbackDirs } from '../../journal/split.ts';
import { unannouncedVerdicts } from '../../journal/resume.ts';
import { faultHooksFromEnv } from '../../app/fault-hooks.ts';
import { boardOptionSpecs, type OpenedBoard } from '../../app/open-board.ts';
import { LinkTap } from '../../app/link-tap.ts';
import { JournalOpenError } from '../../app/referee-app.ts';
import { RefereeHost, type MatchPlan } from '../../app/referee-host.ts';
import { HostControl } from '../../app/host-control.ts';
import { fetchVerdicts } from '../../app/verdict-fetch.ts';
import type { ControlAnswer, ControlBody, RefereeControl } from '../../app/referee-control.ts';
import type { HostService } from '../../app/host-service.ts';
import { mqttHostService } from '../../app/mqtt-session.ts';
import { DEFAULT_HTTP, DashboardListenError, DashboardServer, hostedBy, parseHttpOption, type HttpListen } from '../../web/index.ts';
import { MqttPublisher } from '../../telemetry/publisher.ts';
import type { RequestName, RequestRefusal } from '../../telemetry/topics.ts';
import { checkRequestFields } from '../../settings/request-limits.ts';
import { CalibrationAbort, runCalibration, simulatedHelper } from '../../calibration/guided.ts';
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import { err, ok } from '../../util/result.ts';
import { calibrateSimulatedBoard } from '../../app/sim-calibration.ts';
import { parseSpeed, VirtualClock } from '../../app/virtual-clock.ts';
import type { Hello } from '../../protocol/index.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import type { Ruleset } from '../../rulesets/ruleset.ts';
import { formatSettingsProblems } from '../../rulesets/match-options.ts';
import { parseMatchOptions } from '../../rulesets/parse-match-options.ts';
import { ownSettings, resumeSetup } from '../../journal/resume.ts';
import type { Calibration } from '../../sensing/calibration.ts';
import type { Result } from '../../util/result.ts';
import { realScheduler, type Scheduler } from '../../util/scheduler.ts';
import { dirname } from 'node:path';
import { LIVE_STORE_BUSY_MS, matchStoreService, resolveStorePath } from '../../app/match-store-service.ts';
import { openStore, type MatchStore } from '../../store/index.ts';
import { createInterface, type Interface } from 'node:readline';
import { checkBoardFor, openBoardFor } from '../board.ts';
import { checkDirectory } from '../file-checks.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { MQTT_OPTION_SPECS, parseMqttOptions, startMqtt, type MqttSetup } from '../mqtt-options.ts';
import { effectiveSettings, formatSettingsErrors, loadSettings, settingsAsFlags } from '../../settings/index.ts';
import type { BrokerUser } from '../../telemetry/broker.ts';
import { usageOf } from '../usage.ts';
import { makeDirectories } from '../../platform/make-directories.ts';

const READY_TIMEOUT_MS = 30_000;
/** Board time the simulated helper gives a cleared board to come to rest before the zero. */
const SIM_CLEAR_MS = 3000;
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
  stay: { type: 'boolean' },
  http: { type: 'string' },
  'journal-dir': { type: 'string' },
  'fallback-journal-dir': { type: 'string' },
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
  const given = parseMatchOptions(parsed.values, BUILT_IN_RULESETS);
  if (!given.ok) throw new UsageError(formatSettingsProblems(given.error));
  if (parsed.values.scoreboard === '') throw new UsageError('--scoreboard needs PATH, auto, virtual or none');
  const { values, users } = withSettings(parsed.values);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('referee')}`);
  if (values.autoplay && !values.sim) throw new UsageError('--autoplay needs --sim: simulated players play on the simulated board');
  const options = parseMatchOptions(values, BUILT_IN_RULESETS);
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  const speed = parseSpeed(values.speed ?? '1');
  if (!speed.ok) throw new UsageError(speed.error);
  if (values.speed !== undefined && values.port !== undefined)
    throw new UsageError('--speed does not go with --port: a real board plays in real time');
  // A real scoring board is drawn in real time (Firmata at 57,600 baud, ~2 s to be ready): a match
  // at --speed max is over before it could show anything, so it is refused rather than left dark.
  if (speed.value === 'max' && values.scoreboard !== undefined && values.scoreboard !== 'virtual' && values.scoreboard !== 'none')
    throw new UsageError(
      `--speed max does not go with --scoreboard ${values.scoreboard}: a real scoring board is drawn in real time and would show nothing; use --speed N or --scoreboard virtual`,
    );
  const mqttPlan = parseMqttOptions(values);
  const httpListen = parseHttpOption(values.http ?? process.env.SENRYAKU_HTTP ?? DEFAULT_HTTP);
  if (!httpListen.ok) throw new UsageError(httpListen.error);

  const fallbackDirs = resolveFallbackDirs(values['fallback-journal-dir']);
  // A match left split across its journal and a fallback (killed while on it) is read whole.
  const resume = values.resume === undefined ? undefined : readJournal(values.resume, undefined, { fallbackDirs });
  if (resume && !resume.ok) throw new UsageError(resume.error.message);
  // A journal says its own game.
  const rulesetId = resume?.ok ? resume.value.header.ruleset : options.value.ruleset;
  // Only a --rules given on the command line can contradict the journal (the file's is a default).
  if (resume?.ok && parsed.values.rules !== undefined && parsed.values.rules !== rulesetId)
    throw new UsageError(`${values.resume} is a ${rulesetId} match: --rules ${parsed.values.rules} does not go with it`);
  const found = BUILT_IN_RULESETS.byId(rulesetId);
  if (!found.ok) throw new UsageError(found.error.message);
  const session = found.value;
  if (resume && values.position !== undefined)
    throw new UsageError('--position does not go with --resume: the journal says where the match stands');
  if (values.resume === undefined) checkDirectory(resolveJournalDir(values['journal-dir']), 'journal directory', 'write');
  // A simulated board is calibrated on first use, and its calibration saved.
  checkDirectory(resolveCalibrationDir(values['calibration-dir']), 'calibration directory', values.sim ? 'write' : 'read');

  // Resuming on the simulated board: it is set up where the match stood.
  const resumed = resume?.ok ? resumeSetup(resume.value, session) : undefined;
  // An ended match whose last verdicts were journaled but perhaps never said is resumed only to say them.
  if (resumed?.over && resume?.ok && unannouncedVerdicts(resume.value).length === 0)
    throw new UsageError(`the match in ${values.resume} is over: nothing to resume (senryaku replay shows it)`);
  const simPosition = resumed
    ? resumed.over
      ? session.startPosition
      : resumed.position
    : (values.position?.trim() ?? session.startPosition);
  // A simulated session runs on virtual time: the same seed gives the same verdicts at any --speed.
  const clock = values.sim ? new VirtualClock({ speed: speed.value }) : undefined;
  // The board's options, profile and port are checked before the dashboard says anything, so a bad one is the only line.
  await checkBoardFor(values, deps, { ruleset: session });
  // The dashboard listens first, so its address is the first thing said (and a taken port stops us at once).
  const web = await startDashboard(httpListen.value, users, io);
  if (web === 'failed') return EXIT_FAILURE;
  try {
    const board = await openSessionBoard(values, deps, session, simPosition, clock, io);
    if (!board) return EXIT_FAILURE;
    let mqtt: MqttSetup | undefined;
    try {
      mqtt = await startMqtt(mqttPlan, board, io, users);
      return await refereeOn(board, session, values, options, resume, io, clock, deps, mqtt, web);
    } finally {
      await mqtt?.close();
      await clock?.start(); // closing the link takes (virtual) time too
      await board.close();
    }
  } finally {
    await clock?.stop();
    await web?.stop();
  }
}

/** The web dashboard on `listen` (its address said first), or undefined with `--http off`; 'failed': said why. */
async function startDashboard(
  listen: HttpListen,
  users: readonly BrokerUser[],
  io: CliIo,
): Promise<DashboardServer | undefined | 'failed'> {
  if (listen === 'off') return undefined;
  const web = new DashboardServer({ ...listen, users, notice: (_level, message) => io.err(`senryaku referee: ${message}`) });
  try {
    await web.start();
  } catch (e) {
    await web.stop();
    if (!(e instanceof DashboardListenError)) throw e;
    io.err(`senryaku referee: ${e.message}`);
    return 'failed';
  }
  io.err(`Dashboard: ${web.url}`);
  return web;
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
  session: Ruleset,
  values: RefereeValues,
  options: MatchOptionsResult,
  resume: ResumeJournal,
  io: CliIo,
  clock: VirtualClock | undefined,
  deps: CliDeps,
  mqtt: MqttSetup,
  web: DashboardServer | undefined,
): Promise<number> {
  // The tap holds every line from the moment the link starts, so the board's first HELLO
  // (the one that dates its boot) reaches the journal and the pipeline like any other.
  // The tap dates what it holds on the link's clock (the session's virtual one for --sim).
  const scheduler = clock?.scheduler ?? realScheduler;
  const tap = new LinkTap(board.link, scheduler);
  const store = new CalibrationStore(resolveCalibrationDir(values['calibration-dir']));
  const calibration = await calibrationFor(board, tap, store);
  if (!calibration.ok) {
    io.err(`senryaku referee: ${calibration.error}`);
    return EXIT_FAILURE;
  }
  // A resumed match goes on with its journal's settings and players; the board is the one opened now.
  const first: MatchPlan = resume?.ok
    ? {
        game: { ruleset: session, settings: ownSettings(resume.value), profile: board.file.profile },
        players: resume.value.header.settings.players,
        ...(values.resume
          ? { resume: { path: values.resume, contents: resume.value, sayAndFinish: resumeSetup(resume.value, session).over } }
          : {}),
        ...(options.value.gamesLimit !== undefined ? { gamesLimit: options.value.gamesLimit } : {}),
      }
    : {
        game: session.newMatch(board.file, options.value),
        players: options.value.players,
        ...(options.value.gamesLimit !== undefined ? { gamesLimit: options.value.gamesLimit } : {}),
      };
  const matchStore = openSessionStore(values.db, io);
  try {
    return await refereeMatches(board, session, values, first, tap, calibration.value, store, io, clock, deps, mqtt, matchStore, web);
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
    makeDirectories(dirname(path));
  } catch (e) {
    io.err(
      `senryaku referee: no match store: cannot create ${dirname(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
    return undefined;
  }
  const opened = openStore(path, { busyTimeoutMs: LIVE_STORE_BUSY_MS });
  if (opened.ok) return opened.value;
  io.err(`senryaku referee: no match store: ${opened.error.message}; the journal keeps the match (senryaku matches rebuild)`);
  return undefined;
}

/**
 * The refereed matches on the board: the first as the options say, then (with --stay, or
 * when an operator asks) more on the same board, until interrupted or a match ends without
 * --stay.
 */
async function refereeMatches(
  board: OpenedBoard,
  session: Ruleset,
  values: RefereeValues,
  first: MatchPlan,
  tap: LinkTap,
  calibration: Calibration,
  calibrationStore: CalibrationStore,
  io: CliIo,
  clock: VirtualClock | undefined,
  deps: CliDeps,
  mqtt: MqttSetup,
  matchStore: MatchStore | undefined,
  web: DashboardServer | undefined,
): Promise<number> {
  const scheduler = clock?.scheduler ?? realScheduler;
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  const scoreboard = values.scoreboard ?? (values.sim ? 'virtual' : 'auto');
  const autoplay = values.autoplay && board.sim ? session.simulatedPlayers(board.sim, board.file, seed, scheduler) : undefined;
  // What the process says outside a match (MQTT troubles between matches) goes to the terminal.
  const notice = (level: 'info' | 'warn' | 'error', message: string): void => {
    if (host.current) host.current.bus.emit('notice', { level, message });
    else io.err(`senryaku referee: ${message}`);
  };
  const services: HostService[] = web ? [hostedBy(web)] : [];
  const publisher = mqtt.publisher?.();
  if (publisher)
    services.push(
      mqttHostService(new MqttPublisher({ ...publisher, notice, requests: (name, body) => answerRequest(control, host, name, body) })),
    );
  const host = new RefereeHost({
    board,
    calibration,
    services,
    stay: values.stay ?? false,
    appConfig: () => ({
      services: matchStore ? [matchStoreService(matchStore)] : [],
      journalDir: resolveJournalDir(values['journal-dir']),
      fallbackJournalDirs: resolveFallbackDirs(values['fallback-journal-dir']),
      ...(autoplay ? { simulatedPlayers: autoplay } : {}),
      io,
      json: values.json ?? false,
      scoreboard,
      source: values.sim ? { kind: 'sim', seed } : { kind: 'port', path: values.port ?? 'auto' },
      scheduler,
      hooks: faultHooksFromEnv(),
    }),
    ...(board.sim ? { prepareBoard: setUpSimulatedBoard(board.sim, session) } : {}),
    calibrate: () => calibrateInPlace(board, session.words, calibrationStore, io, scheduler),
  });
  const control = new HostControl({ host, game: session, file: board.file, options: values });
  // Sim play only where nobody else plays: on the simulated board without simulated players.
  const sim =
    board.sim && !autoplay ? { board: board.sim, pitch: board.file.sim.physics.wellPitch, files: session.board.files } : undefined;
  web?.provide({ control, ...(sim ? { sim } : {}), ...(matchStore ? { store: matchStore } : {}) });
  // From here on a stop is a clean one: starting already says things (a resume says again what
  // a kill left unsaid), and a SIGTERM then must not kill the process in the middle of it.
  let onSignal: () => void = () => {};
  const interrupted = new Promise<'interrupted'>((resolve) => (onSignal = () => resolve('interrupted')));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await host.start(first, tap);
  } catch (e) {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await host.stop(); // what start() had started (services, the journal) is let go first
    if (!(e instanceof JournalOpenError)) throw e;
    io.err(`senryaku referee: ${e.message}`);
    return EXIT_FAILURE;
  }
  const operator = listenToOperator(control, deps.operatorInput ?? (process.stdin.isTTY ? process.stdin : undefined), io);
  // Time starts once everything is in place, so a run's virtual timeline never depends on how long the setup took.
  await clock?.start();
  const why = await Promise.race([host.finished, interrupted]);
  process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  operator?.close();
  const last = host.current;
  const { lostRecords } = await host.stop();
  if (!values.json) io.out(`Stopped (${why}).${last ? ` The match is in ${last.journalPath}` : ''}`);
  if (lostRecords > 0) {
    io.err(`senryaku referee: ${lostRecords} journal records could not be written and are lost (see the storage faults above)`);
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}

/** An MQTT request carried out by the operator's seam (fetch_verdicts: read from the host's journals), once its fields are within their bounds (as on the dashboard). */
function answerRequest(
  control: RefereeControl,
  host: RefereeHost,
  name: RequestName,
  body: ControlBody,
): Promise<Result<Readonly<Record<string, unknown>>, RequestRefusal>> {
  const sizes = checkRequestFields(name, body);
  if (!sizes.ok) return Promise.resolve(err(sizes.error));
  switch (name) {
    case 'fetch_verdicts':
      return Promise.resolve(fetchVerdicts(host, body));
    case 'new_match':
      return control.newMatch(body);
    case 'end_game_by_agreement':
      return control.endGameByAgreement(body);
    case 'attribute_interference':
      return control.attributeInterference(body);
    case 'start_calibration':
      return control.startCalibration(body);
    case 'report_blind_cell':
      return control.reportBlindCell(body);
  }
}

/** Before a new match on the simulated board: the simulated people set up the start position. */
function setUpSimulatedBoard(sim: SimBoard, session: Ruleset): (plan: MatchPlan) => void {
  return () => {
    sim.cancelScheduled(); // the last match's players stop mid-turn
    void sim.resetBoard(session.startPosition);
  };
}

/**
 * Guided calibration on the board the referee holds (its link keeps running): the person at
 * the board follows the terminal; on the simulated board a simulated helper does. The
 * calibration is saved per board id like `senryaku calibrate` saves it.
 */
async function calibrateInPlace(
  board: OpenedBoard,
  words: GameWords,
  store: CalibrationStore,
  io: CliIo,
  scheduler: Scheduler,
): Promise<Result<Calibration, string>> {
  const sim = board.sim;
  if (sim) {
    // The simulated helper takes every piece off first, and the board comes to rest.
    sim.cancelScheduled();
    const { files, ranks } = board.file.hardware.grid;
    sim.resetBoard(Array.from({ length: ranks }, () => String(files)).join('/'));
    await new Promise<void>((resolve) => scheduler.setTimeout(resolve, SIM_CLEAR_MS));
  }
  try {
    const calibration = await runCalibration({
      link: board.link,
      board: board.file,
      words,
      referenceGrams: board.file.lightestPieceG,
      store,
      // The person at the board reads the steps on the terminal; stdout stays the verdicts' (--json).
      io: { out: (l) => io.err(l), err: (l) => io.err(l) },
      ...(sim ? { onPrompt: simulatedHelper(sim, undefined, scheduler) } : {}),
      scheduler,
    });
    return ok(calibration);
  } catch (e) {
    return err(e instanceof CalibrationAbort ? e.message : `calibration failed: ${(e as Error).message}`);
  }
}

/** What the operator may type on the referee's terminal, one command per line. */
const TERMINAL_COMMANDS = ['agree', 'attribute SIDE|none', 'blind CELL empty|occupied', 'new [force]', 'calibrate [force]'] as const;

/**
 * Operator commands typed on the terminal: `agree` ends the game by agreement (where the game
 * has that ending); `attribute SIDE|none` says who held the board in the holding that ended
 * the last game (RULES.md); `blind CELL empty|occupied` says what a blind point (its load
 * cell failed) holds now; `new` starts a new match like the last on the board, `calibrate`
 * calibrates the board (each with `force` to leave a match under way). What each did, or
 * why it did nothing, is said on stderr.
 */
function listenToOperator(control: RefereeControl, input: NodeJS.ReadableStream | undefined, io: CliIo): Interface | undefined {
  if (!input) return undefined;
  const lines = createInterface({ input, terminal: false });
  const said = (what: string) => (r: ControlAnswer) =>
    io.err(r.ok ? `${what}: ${JSON.stringify(r.value)}` : `senryaku referee: ${r.error}`);
  lines.on('line', (text) => {
    const [command, ...rest] = text.trim().split(/\s+/);
    const force = rest.length === 1 && rest[0] === 'force';
    if (command === undefined || command === '') return;
    if (command === 'agree' && rest.length === 0) void control.endGameByAgreement({}).then(said('agreed'));
    else if (command === 'attribute' && rest.length === 1) void control.attributeInterference({ to: rest[0] }).then(said('attributed'));
    else if (command === 'blind' && rest.length === 2)
      void control.reportBlindCell({ cell: rest[0], holds: rest[1] }).then(said('blind cell reported'));
    else if (command === 'new' && (rest.length === 0 || force)) void control.newMatch(force ? { force } : {}).then(said('new match'));
    else if (command === 'calibrate' && (rest.length === 0 || force))
      void control.startCalibration(force ? { force } : {}).then(said('calibrated'));
    else io.err(`unknown command '${text.trim()}': type one of ${TERMINAL_COMMANDS.join(', ')} and Enter`);
  });
  return lines;
}

/**
 * The board's calibration, stored per board id (a simulated one was calibrated when it was
 * opened, if need be). None stored is a runtime failure (calibrate first); a stored file
 * that is not a valid calibration of this board is bad input, like any other bad file.
 */
async function calibrationFor(board: OpenedBoard, tap: LinkTap, store: CalibrationStore): Promise<Result<Calibration, string>> {
  if (board.sim) {
    const stored = store.load(board.sim.boardId);
    if (!stored.ok && stored.error.code !== 'NotFound') throw new UsageError(stored.error.message);
    return stored.ok ? stored : { ok: false, error: stored.error.message };
  }
  tap.start();
  const hello = await waitForHello(board);
  if (!hello) return { ok: false, error: `no board answered on ${board.description} within ${READY_TIMEOUT_MS / 1000} s` };
  const stored = store.load(hello.boardId, { cellCount: hello.wellCells + hello.pivotCells });
  if (stored.ok) return stored;
  if (stored.error.code !== 'NotFound')
    throw new UsageError(`${stored.error.message}: calibrate it again with 'senryaku calibrate --port ...'`);
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
