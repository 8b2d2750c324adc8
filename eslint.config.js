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
const EFFECTS = {
  regex: '^(node:|serialport|@serialport/|johnny-five|firmata-io|mqtt|@sinonjs/|sinon)',
  message: 'a pure layer does no I/O and keeps no clock',
};
/** The layers, innermost first, and what each may not import. */
const BOUNDARIES = [
  {
    files: ['src/util/**'],
    banned: ['board', 'rules', 'protocol', 'sensing', 'referee', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  { files: ['src/board/**'], banned: ['rules', 'sensing', 'referee', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'], pure: true },
  {
    files: ['src/rules/**'],
    banned: ['board', 'protocol', 'sensing', 'referee', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  {
    files: ['src/protocol/**'],
    banned: ['board', 'sensing', 'referee', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    games: false,
    pure: true,
  },
  { files: ['src/sensing/**'], banned: ['referee', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'], games: false, pure: true },
  { files: ['src/referee/**'], banned: ['board', 'protocol', 'sensing', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'], pure: true },
  { files: ['src/rulesets/**'], banned: ['protocol', 'hardware', 'app', 'cli', 'store', 'web'], pure: true },
  { files: ['src/hardware/**'], banned: ['referee', 'sensing', 'rulesets', 'app', 'cli', 'store', 'web'], games: false, pure: false },
  // The match store: SQLite through better-sqlite3; it hears verdicts, never a board or the app.
  { files: ['src/store/**'], banned: ['board', 'protocol', 'sensing', 'hardware', 'app', 'cli', 'web'], pure: false },
  // MQTT telemetry: topics, payloads, the publisher and the embedded broker; the app wires it to a session.
  { files: ['src/telemetry/**'], banned: ['board', 'protocol', 'sensing', 'hardware', 'app', 'cli', 'web'], games: false, pure: false },
  // The simulated players' engine: it knows no game (each game's players are in src/games/<game>/); it hears
  // verdicts (referee types) and acts on the simulated board (hardware), on the scheduler and generator handed in.
  {
    files: ['src/players/**'],
    banned: ['board', 'protocol', 'sensing', 'rulesets', 'games', 'store', 'telemetry', 'app', 'cli', 'web'],
    games: false,
    pure: true,
  },
  { files: ['src/app/**'], banned: ['cli', 'web'], pure: false },
  // The web dashboard: its server hears the app's session and serves the page bundled from
  // src/web/page/; it uses app, referee, rulesets and store (types), never a board or port itself.
  { files: ['src/web/**'], banned: ['cli', 'hardware', 'protocol', 'board', 'sensing'], pure: false },
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
  ...BOUNDARIES.map(({ files, banned, games = true, pure }) => ({
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...banned.map(layer), ...(games ? [] : [GAME_RULES]), ...(pure ? [EFFECTS] : [])] }],
    },
  })),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: NODE_GLOBALS } },
  // Declarations of untyped packages name classes only to type them.
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
);
