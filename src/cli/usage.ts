/**
 * Each command's usage line, summary and description: the one source for `senryaku help`,
 * `senryaku COMMAND --help` and the usage errors. Kept apart from the commands so that
 * the help never loads a command's modules (the referee's pull in the whole host). What a
 * command says of the games (their ids, each game's own match options) is made from the
 * registry it is handed, so a new game is in the help without an edit here.
 */
import type { MatchOptionSpec } from '../rulesets/match-options.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import { matchFlagsUsage, rulesUsage } from './match-flags.ts';

export const COMMAND_NAMES = [
  'referee',
  'replay',
  'calibrate',
  'monitor',
  'record',
  'sim',
  'board',
  'scoreboard',
  'perft',
  'moves',
  'config',
  'matches',
  'hub',
  'engine',
  'analyse',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const isCommandName = (name: string): name is CommandName => (COMMAND_NAMES as readonly string[]).includes(name);

/** The commands whose help names the games (`--rules`, the match options): their help is made from the registry. */
const GAME_COMMANDS = ['referee', 'replay', 'calibrate', 'monitor', 'record', 'sim', 'perft', 'moves', 'engine'] as const;
type GameCommandName = (typeof GAME_COMMANDS)[number];
/** The commands whose help names no game. */
export type PlainCommandName = Exclude<CommandName, GameCommandName>;
const isGameCommand = (name: CommandName): name is GameCommandName => (GAME_COMMANDS as readonly string[]).includes(name);

export interface CommandHelp {
  readonly usage: string;
  /** One line, for the command list. */
  readonly summary: string;
  /** A few lines, for `senryaku COMMAND --help`. */
  readonly description: readonly string[];
}

/** The help of the commands that name no game. */
const PLAIN_HELP: Readonly<Record<PlainCommandName, CommandHelp>> = {
  board: {
    usage: 'senryaku board info|send TYPE [ARGS...]|leds RRGGBB|leds off|cells [--frames N] --port PATH',
    summary: 'talk to a referee board by hand (bring-up)',
    description: [
      'info prints the HELLO field by field; send sends one command with its sequence number and CRC added',
      '(e.g. `send LED 3 FF0000`) and prints every line up to its ACK or NAK; leds sets every well LED; cells',
      "streams N frames (default 80) and prints each cell's mean raw reading, spread and stale count. See hardware/BRING-UP.md.",
    ],
  },
  scoreboard: {
    usage: 'senryaku scoreboard test --port PATH|auto [--track N] [--pause MS] | scoreboard sim [--track N] [--hex FILE]',
    summary: 'light every LED and digit of the scoring board in turn; or simulate one',
    description: [
      'test: walks every digit, hole LED and lamp of the scoring board (an Uno running StandardFirmata) with a short',
      'pause, printing what should be lit, to check the wiring against hardware/scoreboard/README.md.',
      'sim: StandardFirmata on a simulated Uno with its MAX7219s (hardware/simavr, libsimavr-dev); prints',
      '`pty: PATH` for --scoreboard PATH or --port PATH, then what the chips light after each frame, until Ctrl-C.',
    ],
  },
  config: {
    usage: 'senryaku config check [FILE] | show [--config FILE] [--port PATH|--sim ... any referee setting flag] | schema | hash-password',
    summary: 'check the settings file, show the effective settings or its schema, hash an MQTT password',
    description: [
      'The settings file (YAML or JSON; default $XDG_CONFIG_HOME/senryaku/settings.yaml, else ~/.config/senryaku/settings.yaml;',
      "docs/settings.example.yaml shows every key) is checked against schemas/settings.schema.json and each game's own match options.",
      'check [FILE]: prints `ok: FILE`, or every problem, one per line, each starting with its settings path (exit 2).',
      'show: the effective settings (defaults, then the file, then the flags given) as YAML, where each value came from in a',
      "comment, the MQTT password and the users' password hashes masked as ***; the game's own match options with their defaults.",
      "schema: the whole JSON Schema a settings file is checked against (the file's, with the games' ids and their own match options).",
      'hash-password: reads a password from standard input and prints its scrypt hash, for `scrypt:` in mqtt.users.',
    ],
  },
  matches: {
    usage:
      'senryaku matches list [--board B] [--player P] [--since DATE] [--json] | show ID [--json] | export ID --format sgn|json [--out FILE] | import FILE | rebuild [--journal-dir DIR]  [--db FILE]',
    summary: 'the match log: list, show, export (SGN or JSON), import, rebuild from journals',
    description: [
      'The match store is an SQLite file: --db FILE, else $SENRYAKU_MATCH_DB, else $XDG_DATA_HOME/senryaku/matches.db.',
      'list prints one line per match (--board: its id or profile, --player: a name, --since: a date YYYY-MM-DD or a UTC time);',
      'show prints a match, its games, fouls and crashes; export writes a match as SGN (docs/sgn.md) or JSON to stdout or --out;',
      'import files an SGN or JSON export (a match already stored is kept once); rebuild recreates the store from the',
      'journals of --journal-dir (the journals are the source of truth).',
    ],
  },
  analyse: {
    usage: 'senryaku analyse JOURNAL|SGN|JSON [--rules ID] [--json] [--depth N] [--nodes N] | [--level N]',
    summary: "a recorded match through its game's engine: each move's evaluation, the best move, the moves that lost",
    description: [
      'Reads a match journal, an SGN file or a JSON export (senryaku matches export) and searches every position of every game',
      "with the engine (to --depth N and/or --nodes N per position, or level N of 1-9's depth and nodes; default depth 5 or",
      "20000 nodes): a table per game (ply, side, move, its evaluation from the first side's view, the best move, a mark when",
      'the move lost: `lost`, a forced loss where the best move was none, or `crash`, one the mover could have avoided), then',
      'the mistakes per player. --json prints it as one JSON document (docs/analysis.md); --rules checks the match is of that game.',
    ],
  },
  hub: {
    usage: 'senryaku hub --mqtt URL [--db FILE] [--base NAME] [--mqtt-user U] [--mqtt-password P] [--mqtt-ca FILE] [--every-ms N]',
    summary: "the tournament hub: every board's matches from a shared broker into one match store, one line per board",
    description: [
      'Subscribes to <base>/+/match, verdict, state and availability on the broker every board host publishes to (MQTT 3.1.1,',
      "a persistent session, QoS 1) and files each board's matches in the match store (--db FILE, else $SENRYAKU_MATCH_DB, else",
      "$XDG_DATA_HOME/senryaku/matches.db) as the board's own store does: a verdict delivered twice is stored once. Prints one",
      'line per board every --every-ms (default 1000) when something changed, until Ctrl-C. The password may come from',
      "$SENRYAKU_MQTT_PASSWORD instead of --mqtt-password. A gap in a match's seqs (joined late, a broker restart) is said",
      "and, with --mqtt-user of the hub or operator role, fetched from the board's referee (fetch_verdicts, docs/mqtt.md).",
      'Without a broker at --mqtt it says so once and retries less and less often (every 30 s at most).',
    ],
  },
};

/** The help of the commands that name the games, made from the registry's games. */
const GAME_HELP: Readonly<Record<GameCommandName, (games: RulesetRegistry) => CommandHelp>> = {
  referee: (games) => ({
    usage: `senryaku referee --port PATH|auto | --sim [--autoplay] ${rulesUsage(games)} [--seed N] [--speed N|max] [--games N] [--players A,B] [--policy casual|tournament] ${matchFlagsUsage(games)} [--position POSITION] [--profile FILE] [--json] [--scoreboard PATH|auto|virtual|none] [--lights on|off] [--destinations on|off] [--speak] [--computer SIDE[:LEVEL]|off] [--engine CMD] [--hints on|off] [--journal-dir DIR] [--fallback-journal-dir DIR] [--calibration-dir DIR] [--resume JOURNAL] [--stay] [--config FILE] [--db FILE|off] [--mqtt-listen HOST:PORT|off | --mqtt URL [--mqtt-user NAME] [--mqtt-password PASSWORD] [--mqtt-ca FILE]] [--mqtt-base BASE] [--board-name NAME] [--http HOST:PORT|off]`,
    summary: 'referee a live (or simulated) board: moves, fouls, crashes, the match',
    description: [
      'Referees the board on --port (auto: the first Arduino-like USB port) or a simulated one (--sim; --autoplay',
      'lets two simulated players play) until Ctrl-C, --games N games, or the end of the match. Every match is',
      'journaled in --journal-dir; --resume JOURNAL continues one after a host restart, first saying again what it',
      'journaled but may not have said. While the journal cannot be written its records go to --fallback-journal-dir',
      '(default $XDG_STATE_HOME/senryaku/journal-fallback, then the temp directory) and are merged back once it can; with',
      'neither writable the match pauses. --json prints one JSON verdict per line, with its seq.',
      'The board must be calibrated first (senryaku calibrate); a simulated one is calibrated on first use.',
      'A run on the simulated board goes on virtual time: --speed N runs N simulated seconds per second (default 1), --speed max',
      'as fast as the host goes; a seed gives the same verdicts at every speed.',
      "The board's well LEDs (--lights on|off, default on) light a foul's wells to restore, each dark once put right, the",
      'last move, and a crash or a holding forfeit in flashes; --destinations on|off the piece in hand and where it may go',
      '(default: on under the casual policy, off under the tournament policy).',
      ...gamesLines(games),
      'Live MQTT (docs/mqtt.md): an embedded broker on --mqtt-listen (default 127.0.0.1:1883; off: none), or --mqtt URL',
      'publishes to an external broker (password also from $SENRYAKU_MQTT_PASSWORD); topics <base>/<board>/state, verdict,',
      'availability and <base>/bridge/... under --mqtt-base (default senryaku) and --board-name (default from the board id).',
      '--stay keeps refereeing after a match ends, for the next: an operator starts it (MQTT new_match, or `new` typed',
      'here) or calibrates the board in place (start_calibration, or `calibrate`); `agree` ends a game by agreement.',
      'The live web dashboard is served on --http (default 127.0.0.1:8080, or $SENRYAKU_HTTP; off: none), its address',
      'said first: the board, the turn, the moves, the score, fouls and the balance; an operator (a user with the operator',
      'role in the settings) logs in for the controls and the sensor health. With --sim and no --autoplay a visitor plays',
      'on the simulated board by clicking.',
      '--speak says the verdicts aloud through espeak-ng (apt-get install espeak-ng): moves, fouls and how to restore, crashes,',
      'the score; a newer verdict cuts an older one. $SENRYAKU_SPEECH_WAV_DIR writes each sentence to a WAV file there instead.',
      "--computer SIDE[:LEVEL] plays the computer (docs/computer.md): the player with SIDE (the game's words, such as black",
      'or dark) in game 1, at level 1 to 10 (default 5), named "Computer (level N)" unless --players names it; on its turn',
      'the referee lights, shows and says its move, and the person at the board carries it out (another move is a foul).',
      "--engine CMD uses another program that speaks the engine protocol (docs/engine.md) instead of the referee's own.",
      "`hint` typed here (the dashboard's Hint, MQTT hint) shows the best move for the side to move; --hints on|off",
      "(default on; never under the tournament policy). With --autoplay the simulated player carries out the computer's moves.",
    ],
  }),
  replay: (games) => ({
    usage: `senryaku replay JOURNAL|RECORDING [--json] [--check] ${rulesUsage(games)} [--profile FILE] [--calibration FILE | --calibration-dir DIR] [--policy casual|tournament] ${matchFlagsUsage(games)} [--fallback-journal-dir DIR]`,
    summary: 're-referee a recorded session and print its verdicts',
    description: [
      'Re-referees a match journal (which carries its settings, profile and calibration) or a `senryaku record`',
      'recording (refereed as the game its header names, or --rules for one made before recordings named it, with',
      "--profile (default the game's reference board), --calibration FILE or else the stored calibration of its board,",
      "--policy and the game's own match options) from its raw lines, and prints the verdicts. Recording lines that cannot be decoded are counted on stderr. --json prints one JSON verdict per line. A journal is replayed session",
      'by session as the live host ran it, and checked against the verdicts it stored: the first difference is',
      'reported with its line, exit 1. --check prints only the outcome of that check. A journal that went on in a',
      'fallback journal while its disk failed (found in --fallback-journal-dir, the state and temp directories) is read with it.',
    ],
  }),
  calibrate: (games) => ({
    usage: `senryaku calibrate --port PATH|auto | --sim ${rulesUsage(games)} [--seed N] [--reference-grams G] [--profile FILE] [--calibration-dir DIR]`,
    summary: 'guided load-cell calibration, saved per board id',
    description: [
      'Guides you through calibrating the load cells: zero on an empty board, then a reference mass',
      "(--reference-grams, default the game's lightest piece) on every point. The result is saved per board id in --calibration-dir.",
      `--rules names the game whose board it is (default ${games.defaultId}): its reference profile is used unless --profile.`,
    ],
  }),
  monitor: (games) => ({
    usage: `senryaku monitor --port PATH|auto | --sim ${rulesUsage(games)} [--seed N] [--profile FILE] [--calibration-dir DIR] [--duration S]`,
    summary: 'live loads, tilt and link health of a board',
    description: [
      'Shows the live grid of point loads (grams with a calibration, else raw counts), the pivots and tilt switches',
      'where the board has them, and the link health, until Ctrl-C or --duration seconds.',
      `--rules names the game whose board it is (default ${games.defaultId}): its reference profile gives the grid unless --profile.`,
    ],
  }),
  record: (games) => ({
    usage: `senryaku record --port PATH|auto | --sim ${rulesUsage(games)} [--seed N] --out FILE [--force] [--duration S] [--profile FILE]`,
    summary: 'record every raw line to and from a board',
    description: [
      'Records every raw line from the board and every command sent, with its receive time, to --out FILE',
      '(firmware-protocol/RECORDING.md), until Ctrl-C or --duration seconds. An existing FILE is kept unless --force.',
      `--rules names the game whose board it is (default ${games.defaultId}): its reference profile is used unless --profile.`,
    ],
  }),
  sim: (games) => ({
    usage: `senryaku sim --pty | --firmware [--elf FILE] [--fast] ${rulesUsage(games)} [--seed N] [--profile FILE] [--position TEXT]`,
    summary: 'simulated board on a pty, until Ctrl-C',
    description: [
      'Runs a simulated board on a pseudo-terminal (needs socat) and prints `pty: PATH` for another process to open.',
      `--rules names the game (default ${games.defaultId}): the board is its reference profile's unless --profile, set up as`,
      "--position says in the game's notation (default its start position); --spn SPN still works for Senryaku.",
      '--firmware runs the real firmware (hardware/firmware/build/senryaku-referee.elf, or --elf) in simavr instead',
      "(build both with npm run firmware:sim:build and npm run firmware:build), fed by the same simulated board's",
      'load cells and tilt switches, its UART on a pty; real time unless --fast (simulated time, as fast as it goes:',
      "its clock then runs ahead of a referee's, which refuses such frames; --fast is for raw tools and tests).",
    ],
  }),
  perft: (games) => ({
    usage: `senryaku perft DEPTH ${rulesUsage(games)} [--position TEXT] [--profile FILE] [--divide]`,
    summary: 'count move paths (rules check)',
    description: [
      'Prints `<depth> <count>` for each depth 1..DEPTH (at most 12); --divide prints `<move> <count>` per root move, then `total <count>`.',
      "The position is in the game's notation (Senryaku: SPN), by default its start; --profile gives a board's balance model.",
    ],
  }),
  moves: (games) => ({
    usage: `senryaku moves ${rulesUsage(games)} [--position TEXT] [--profile FILE]`,
    summary: 'list the legal moves and their outcome',
    description: [
      'Lists each legal move of the position (default: the start) and what it leads to: none, a capture, or a crash at which step.',
    ],
  }),
  engine: (games) => ({
    usage: `senryaku engine ${rulesUsage(games)} [--profile FILE] | engine --check CMD ${rulesUsage(games)} [--level N] [--movetime MS]`,
    summary: "the computer opponent as a program: a UCI-style text protocol on stdin/stdout; or check another program's",
    description: [
      `Speaks the engine protocol (docs/engine.md) for the game --rules names (default ${games.defaultId}; with an engine: ${withEngine(games)}):`,
      'uci, isready, setoption name Level|Seed value N, ucinewgame, position startpos|POSITION [moves M...], go movetime MS|depth N|',
      'nodes N|infinite, stop, quit; it answers info lines and bestmove MOVE, and bad input with `info string error CODE: message`.',
      'The end of its input is a quit once the search running has given its move.',
      "It plays on the board of --profile FILE (default the game's reference board): which moves crash is that board's.",
      '--check CMD runs another program that speaks it (the command line split as a shell would, without one), greets it,',
      "sets --level, asks for a move in the game's start position within --movetime (default 1000) and checks it by the rules.",
    ],
  }),
};

const EXIT_CODES_LINE =
  'Exit codes: 0 ok, 1 runtime failure (no board, a missing device, a failed link), 2 bad input (one line on stderr).';

/** The games that have an engine (a computer opponent). */
const withEngine = (games: RulesetRegistry): string =>
  games.all
    .filter((g) => g.engine !== undefined)
    .map((g) => g.id)
    .join(', ') || 'none yet';

/** The referee's word on each game: its board and its own match options, as its descriptor declares them. */
function gamesLines(games: RulesetRegistry): string[] {
  const flag = (o: MatchOptionSpec): string => `--${o.name} ${o.value}`;
  const width = Math.max(0, ...games.all.flatMap((g) => g.options.map((o) => flag(o).length)));
  const sentence = (help: string): string => `${help[0]!.toLowerCase()}${help.slice(1).replace(/\.$/, '')}`;
  return [
    `--rules names the game (default ${games.defaultId}), played on its reference board unless --profile, with its own match options:`,
    ...games.all.flatMap((g) => [
      `  ${g.id}: ${g.name} on a ${g.board.files}×${g.board.ranks} board (${g.referenceProfileFile !== undefined ? `hardware/profiles/${g.referenceProfileFile}` : 'a board profile it generates'})${g.options.length > 0 ? '' : '; no options'}`,
      ...g.options.map(
        (o) => `    ${flag(o).padEnd(width)}  ${sentence(o.help)}${o.default !== undefined ? ` (default ${o.default})` : ''}`,
      ),
    ]),
  ];
}

/** A command's help; a command that names the games says those of `games`. */
export function commandHelp(name: PlainCommandName): CommandHelp;
export function commandHelp(name: CommandName, games: RulesetRegistry): CommandHelp;
export function commandHelp(name: CommandName, games?: RulesetRegistry): CommandHelp {
  if (!isGameCommand(name)) return PLAIN_HELP[name];
  if (!games) throw new TypeError(`the help of ${name} names the games: give it the registry`);
  return GAME_HELP[name](games);
}

export function usageOf(name: PlainCommandName): string;
export function usageOf(name: CommandName, games: RulesetRegistry): string;
export function usageOf(name: CommandName, games?: RulesetRegistry): string {
  return games ? commandHelp(name, games).usage : commandHelp(name as PlainCommandName).usage;
}

/** `senryaku COMMAND --help`. */
export function commandHelpText(name: CommandName, games: RulesetRegistry): string {
  const h = commandHelp(name, games);
  return [`usage: ${h.usage}`, '', `${h.summary[0]!.toUpperCase()}${h.summary.slice(1)}.`, ...h.description, '', EXIT_CODES_LINE].join(
    '\n',
  );
}

/** `senryaku help`. */
export function helpText(games: RulesetRegistry): string {
  return [
    'senryaku: electronic referee for Senryaku',
    '',
    'Commands:',
    ...COMMAND_NAMES.map((name) => commandHelp(name, games)).flatMap((h) => [`  ${h.usage}`, `      ${h.summary}`]),
    '',
    "'senryaku COMMAND --help' describes one command; 'senryaku --version' prints the version.",
    'Positions are written in SPN (see README).',
    EXIT_CODES_LINE,
  ].join('\n');
}
