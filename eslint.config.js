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
/** A game's rules (src/rules/<game>/; the match scoring in src/rules/match/ is common to every game). */
const GAME_RULES = {
  regex: '^(\\.\\.?/)+(src/)?rules/(?!match/)',
  message: "the board's own layers know no game: take what a game decides as plain data (CONTRIBUTING.md, Layers)",
};
/**
 * A game's own code above its rules: its descriptor and the files beside it
 * (src/rulesets/senryaku*, src/rulesets/surakarta*), its referee (src/referee/<game>/) and
 * src/games/. A layer that knows no game by name (the web dashboard) takes what a game
 * decides from its descriptor at run time, found in a registry, never by import.
 */
const GAME_CODE = {
  regex: '^(\\.\\.?/)+(src/)?(rulesets/(senryaku|surakarta)|referee/(senryaku|surakarta)/|games/)',
  message:
    'this layer names no game: take what a game decides from its descriptor at run time (Ruleset.drawing, Ruleset.words), never by import',
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
  'rulesets',
  'hardware',
  'pipeline',
  'platform',
  'journal',
  'calibration',
  'presentation',
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
  { files: ['src/rules/**'], uses: ['util'], pure: true },
  { files: ['src/protocol/**'], uses: ['util', 'rules'], games: false, pure: true },
  { files: ['src/sensing/**'], uses: ['util', 'rules', 'protocol', 'board'], games: false, pure: true },
  { files: ['src/referee/**'], uses: ['util', 'rules'], pure: true },
  { files: ['src/rulesets/**'], uses: ['util', 'rules', 'referee', 'board', 'sensing'], pure: true },
  { files: ['src/hardware/**'], uses: ['util', 'rules', 'protocol', 'board'], games: false, pure: false },
  // Raw lines → plausibility → sensing → referee: one deterministic function of the lines (the link's counters are a type).
  {
    files: ['src/pipeline/**'],
    uses: ['util', 'rules', 'protocol', 'board', 'sensing', 'referee', 'rulesets', 'hardware'],
    pure: true,
  },
  // The few node:fs helpers every writer of files shares (directories that are made, not hung on).
  { files: ['src/platform/**'], uses: ['util'], games: false, pure: false },
  // The match journal on disk, resuming from it and re-refereeing it.
  {
    files: ['src/journal/**'],
    uses: ['util', 'rules', 'protocol', 'board', 'sensing', 'referee', 'rulesets', 'hardware', 'pipeline', 'platform'],
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
  { files: ['src/presentation/**'], uses: ['util', 'rules', 'referee', 'rulesets'], pure: true },
  // The settings file, its schema and the effective settings. (It reads a match's options through app/match-settings.ts until the games declare them.)
  {
    files: ['src/settings/**'],
    uses: ['util', 'rulesets', 'telemetry', 'calibration', 'journal', 'platform', 'app'],
    pure: false,
  },
  // The match store: SQLite (better-sqlite3) match log filed from verdicts; it hears verdicts, never a board or the app.
  { files: ['src/store/**'], uses: ['util', 'rules', 'referee', 'rulesets'], pure: false },
  // MQTT telemetry: topics, payloads, the publisher and the embedded broker; the app wires it to a session.
  { files: ['src/telemetry/**'], uses: ['util', 'rules', 'referee', 'rulesets', 'store'], games: false, pure: false },
  // The tournament hub: every board's verdicts from a broker into one store.
  { files: ['src/hub/**'], uses: ['util', 'rules', 'referee', 'rulesets', 'store'], games: false, pure: false },
  { files: ['src/app/**'], uses: LAYERS.filter((l) => l !== 'web' && l !== 'cli'), pure: false },
  // The web dashboard: its server hears the app's session and serves the page bundled from
  // src/web/page/; it never reaches a board or port itself.
  // It names no game: each game's drawing and words come with its descriptor, from the registry.
  {
    files: ['src/web/**'],
    uses: ['util', 'rules', 'referee', 'rulesets', 'store', 'pipeline', 'presentation', 'settings', 'app', 'telemetry'],
    games: false,
    extra: [GAME_CODE],
    pure: false,
  },
  // The page, bundled for the browser: only the page's own values (PAGE_ONLY).
  {
    files: ['src/web/page/**'],
    uses: ['util', 'rules', 'referee', 'rulesets', 'store', 'pipeline', 'presentation', 'settings', 'app', 'telemetry'],
    games: false,
    extra: [GAME_CODE, PAGE_ONLY],
    pure: false,
  },
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
