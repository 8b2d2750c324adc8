// ESLint: typescript-eslint's type-aware recommended rules, and the layer boundaries of
// CONTRIBUTING.md as import restrictions (a pure layer never reaches an effectful one).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' };

/** An import of src/<layer>/ from anywhere (relative specifiers, any depth). */
const layer = (name) => ({
  regex: `^(\\.\\.?/)+(src/)?${name}/`,
  message: `${name}/ is outside what this layer may use (CONTRIBUTING.md, Layers)`,
});
/**
 * A game's own folder (src/games/<game>/): only the registry (src/games/registry.ts), which
 * finds a game by its id, is open to the layers that know no game.
 */
const GAME_RULES = {
  regex: '^(\\.\\.?/)+(src/)?games/(?!registry\\.ts$)',
  message:
    'this layer knows no game: find a game through src/games/registry.ts, or take what it decides as plain data (CONTRIBUTING.md, Layers)',
};
/**
 * The dashboard's page (src/web/page/) carries only the page: besides types, it may import
 * the pure presentation (verdict texts, the scoring board's model and frame, foul and restore
 * words) and the drawing's helpers, never a referee, a rules core, the registry or the server.
 */
const PAGE_ONLY = {
  regex:
    '^(\\.\\./)+(src/)?(?!presentation/|rulesets/board-drawing\\.ts|app/scoreboard/frame\\.ts|referee/(foul-words|board-view)\\.ts)[a-z]',
  allowTypeImports: true,
  message: 'the page is bundled for the browser: a value from here would carry server or rules code into it (types are fine)',
};
const EFFECTS = {
  regex: '^(node:|serialport|@serialport/|johnny-five|firmata-io|mqtt|@sinonjs/|sinon)',
  message: 'a pure layer does no I/O and keeps no clock',
};
/** Every layer under src/. */
const LAYERS = [
  'util',
  'rules',
  'protocol',
  'board',
  'sensing',
  'referee',
  'engine',
  'rulesets',
  'games',
  'hardware',
  'players',
  'pipeline',
  'platform',
  'journal',
  'calibration',
  'presentation',
  'analysis',
  'settings',
  'store',
  'telemetry',
  'hub',
  'app',
  'web',
  'cli',
];
/**
 * The layers, innermost first, and what each may use (every other layer is banned). `games:
 * false`: it knows no game (no game's rules); `pure`: no I/O, no clock (CONTRIBUTING.md, Layers).
 */
const BOUNDARIES = [
  { files: ['src/util/**'], uses: [], pure: true },
  { files: ['src/board/**'], uses: ['util', 'protocol'], pure: true },
  // Match scoring common to the games (the scoring track, players A and B).
  { files: ['src/rules/**'], uses: ['util'], games: false, pure: true },
  { files: ['src/protocol/**'], uses: ['util', 'rules'], games: false, pure: true },
  { files: ['src/sensing/**'], uses: ['util', 'rules', 'protocol', 'board'], games: false, pure: true },
  // The referee engine referees every game the same way: a game reaches it only as the RefereeRules it hands in.
  { files: ['src/referee/**'], uses: ['util', 'rules'], games: false, pure: true },
  // The computer opponent's search: it knows no game, only the SearchBoard a game's engine hands it.
  { files: ['src/engine/**'], uses: ['util'], games: false, pure: true },
  // What a game is to the layers above it (the descriptor, its match options): the games implement it.
  {
    files: ['src/rulesets/**'],
    uses: ['util', 'rules', 'referee', 'engine', 'board', 'sensing', 'hardware', 'players'],
    games: false,
    pure: true,
  },
  // A game, one folder each: its rules core, its part of the referee and of the players, its board, its descriptor.
  {
    files: ['src/games/**'],
    uses: ['util', 'rules', 'referee', 'engine', 'rulesets', 'board', 'sensing', 'hardware', 'players'],
    pure: true,
  },
  // A game's rules core knows nothing but itself and the common match scoring.
  { files: ['src/games/*/rules/**'], uses: ['util', 'rules'], pure: true },
  // A game's part of the referee: its RefereeRules over its rules core, and its board's physics.
  { files: ['src/games/*/referee*.ts', 'src/games/*/physics.ts'], uses: ['util', 'rules', 'referee'], pure: true },
  // A game's engine: its SearchBoard and evaluation over its rules core.
  { files: ['src/games/*/engine/**'], uses: ['util', 'rules', 'engine'], pure: true },
  { files: ['src/hardware/**'], uses: ['util', 'rules', 'protocol', 'board'], games: false, pure: false },
  // Raw lines → plausibility → sensing → referee: one deterministic function of the lines (the link's counters are a type).
  {
    files: ['src/pipeline/**'],
    uses: ['util', 'rules', 'protocol', 'board', 'sensing', 'referee', 'rulesets', 'hardware'],
    games: false,
    pure: true,
  },
  // The few node helpers several layers share: directories that are made, not hung on; password hashes.
  { files: ['src/platform/**'], uses: ['util'], games: false, pure: false },
  // The match journal on disk, resuming from it and re-refereeing it.
  {
    files: ['src/journal/**'],
    uses: ['util', 'rules', 'protocol', 'board', 'sensing', 'referee', 'rulesets', 'games', 'hardware', 'pipeline', 'platform'],
    games: false,
    pure: false,
  },
  // Guided calibration and the calibrations on disk.
  {
    files: ['src/calibration/**'],
    uses: ['util', 'protocol', 'board', 'sensing', 'hardware', 'rulesets', 'platform'],
    games: false,
    pure: false,
  },
  // Verdicts in words and the scoring board's picture: shared by the terminal and the page.
  { files: ['src/presentation/**'], uses: ['util', 'rules', 'referee', 'rulesets'], games: false, pure: true },
  // A recorded match through its game's engine (the verdicts a journal or the store's readers give): pure, a depth or node budget, no clock.
  { files: ['src/analysis/**'], uses: ['util', 'rules', 'referee', 'engine', 'rulesets', 'store'], games: false, pure: true },
  // The settings file, its schema and the effective settings.
  {
    files: ['src/settings/**'],
    uses: ['util', 'rulesets', 'games', 'telemetry', 'calibration', 'journal', 'platform'],
    games: false,
    pure: false,
  },
  // The match store: SQLite (better-sqlite3) match log filed from verdicts; it hears verdicts, never a board or the app.
  { files: ['src/store/**'], uses: ['util', 'rules', 'referee', 'rulesets', 'games'], games: false, pure: false },
  // MQTT telemetry: topics, payloads, the publisher and the embedded broker; the app wires it to a session.
  { files: ['src/telemetry/**'], uses: ['util', 'rules', 'referee', 'rulesets', 'store', 'platform'], games: false, pure: false },
  // The tournament hub: every board's verdicts from a broker into one store.
  { files: ['src/hub/**'], uses: ['util', 'rules', 'referee', 'rulesets', 'store'], games: false, pure: false },
  // The simulated players' engine: it knows no game (each game's players are in src/games/<game>/); it hears
  // verdicts (referee types) and acts on the simulated board (hardware), on the scheduler and generator handed in.
  { files: ['src/players/**'], uses: ['util', 'referee', 'hardware'], games: false, pure: true },
  { files: ['src/app/**'], uses: LAYERS.filter((l) => l !== 'web' && l !== 'cli'), games: false, pure: false },
  // The web dashboard: its server hears the app's session and serves the page bundled from
  // src/web/page/; it never reaches a board or port itself.
  // It names no game (games: false): each game's drawing and words come with its descriptor, found
  // at run time in the registry (src/games/registry.ts).
  {
    files: ['src/web/**'],
    uses: [
      'util',
      'rules',
      'referee',
      'engine',
      'rulesets',
      'games',
      'store',
      'analysis',
      'pipeline',
      'presentation',
      'settings',
      'app',
      'telemetry',
      'platform',
    ],
    games: false,
    pure: false,
  },
  // The page, bundled for the browser: only the page's own values (PAGE_ONLY), and no registry.
  {
    files: ['src/web/page/**'],
    uses: ['util', 'rules', 'referee', 'rulesets', 'store', 'pipeline', 'presentation', 'settings', 'app', 'telemetry', 'analysis'],
    games: false,
    extra: [PAGE_ONLY],
    pure: false,
  },
  { files: ['src/cli/**'], uses: LAYERS, games: false, pure: false },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.ci/', 'hardware/firmware/build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Services implement Promise-returning interfaces (start/stop) whether or not they wait.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read JSON output and journals as untyped data on purpose.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  ...BOUNDARIES.map(({ files, uses, games = true, extra = [], pure }) => {
    const own = files[0].split('/')[1];
    const banned = LAYERS.filter((l) => l !== own && !uses.includes(l));
    return {
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...banned.map(layer), ...(games ? [] : [GAME_RULES]), ...extra, ...(pure ? [EFFECTS] : [])] },
        ],
      },
    };
  }),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: NODE_GLOBALS } },
  // Declarations of untyped packages name classes only to type them.
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
);
