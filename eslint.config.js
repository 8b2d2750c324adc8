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
  message: 'this layer knows no game: take what a game decides as plain data, or the rules the game hands in (CONTRIBUTING.md, Layers)',
};
const EFFECTS = {
  regex: '^(node:|serialport|@serialport/|johnny-five|firmata-io|mqtt|@sinonjs/|sinon)',
  message: 'a pure layer does no I/O and keeps no clock',
};
/** The layers, innermost first, and what each may not import. */
const BOUNDARIES = [
  {
    files: ['src/util/**'],
    banned: ['board', 'rules', 'protocol', 'sensing', 'referee', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  {
    files: ['src/board/**'],
    banned: ['rules', 'sensing', 'referee', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  {
    files: ['src/rules/**'],
    banned: ['board', 'protocol', 'sensing', 'referee', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  {
    files: ['src/protocol/**'],
    banned: ['board', 'sensing', 'referee', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    games: false,
    pure: true,
  },
  {
    files: ['src/sensing/**'],
    banned: ['referee', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    games: false,
    pure: true,
  },
  // The referee engine referees every game the same way: a game reaches it only as the RefereeRules it hands in.
  {
    files: ['src/referee/**'],
    banned: ['board', 'protocol', 'sensing', 'games', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    games: false,
    pure: true,
  },
  // A game's part of the referee: its RefereeRules over its rules core, and its board's physics.
  {
    files: ['src/games/*/referee*.ts', 'src/games/*/physics.ts'],
    banned: ['board', 'protocol', 'sensing', 'rulesets', 'hardware', 'app', 'cli', 'store', 'web'],
    pure: true,
  },
  { files: ['src/rulesets/**'], banned: ['protocol', 'hardware', 'app', 'cli', 'store', 'web'], pure: true },
  {
    files: ['src/hardware/**'],
    banned: ['referee', 'games', 'sensing', 'rulesets', 'app', 'cli', 'store', 'web'],
    games: false,
    pure: false,
  },
  // The match store: SQLite through better-sqlite3; it hears verdicts, never a board or the app.
  { files: ['src/store/**'], banned: ['board', 'protocol', 'sensing', 'hardware', 'app', 'cli', 'web'], pure: false },
  // MQTT telemetry: topics, payloads, the publisher and the embedded broker; the app wires it to a session.
  { files: ['src/telemetry/**'], banned: ['board', 'protocol', 'sensing', 'hardware', 'app', 'cli', 'web'], games: false, pure: false },
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
