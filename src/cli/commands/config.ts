/**
 * `senryaku config`: the settings file. `check [FILE]` validates it (every problem, one per
 * line, each starting with its settings path), `show` prints the effective settings (defaults
 * ← file ← flags) with secrets masked, `schema` prints the JSON Schema a file is checked
 * against (the file's and the games' part of it), `hash-password` makes an MQTT user's scrypt
 * hash from a password on standard input.
 */
import { createInterface } from 'node:readline';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';

/** The settings module (YAML, the schema's validator): loaded once the subcommand is known to need it. */
type SettingsModule = typeof import('../../settings/index.ts');

export async function configCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'check':
      return check(rest, io, await import('../../settings/index.ts'));
    case 'show':
      return show(rest, io, await import('../../settings/index.ts'));
    case 'schema':
      return schema(rest, io, await import('../../settings/index.ts'));
    case 'hash-password':
      return hashFromInput(rest, io, deps);
    default:
      throw new UsageError(`${sub === undefined ? 'which one' : `unknown subcommand '${sub}'`}? usage: ${usageOf('config')}`);
  }
}

/** Every problem on its own line (stderr), after one line that says which file: exit 2. */
function problems(io: CliIo, sub: string, path: string, list: readonly string[]): number {
  io.err(`senryaku config ${sub}: ${path}: ${list.length === 1 ? '1 problem' : `${list.length} problems`}`);
  for (const p of list) io.err(p);
  return EXIT_USAGE;
}

function check(args: string[], io: CliIo, { loadSettingsFile }: SettingsModule): number {
  const { positionals } = parseCommandArgs(args, {});
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'; usage: ${usageOf('config')}`);
  const loaded = loadSettingsFile(positionals[0]);
  if (!loaded.ok) return problems(io, 'check', positionals[0] ?? 'the default settings file', loaded.error);
  io.out(loaded.value.found ? `ok: ${loaded.value.path}` : `ok: no settings file at ${loaded.value.path}; the defaults apply`);
  return EXIT_OK;
}

function show(args: string[], io: CliIo, settings: SettingsModule): number {
  const { effectiveSettings, formatEffectiveSettings, loadSettingsFile, settingsFlagSpecs } = settings;
  const { values, positionals } = parseCommandArgs(args, { config: { type: 'string' }, ...settingsFlagSpecs() } as const);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('config')}`);
  const loaded = loadSettingsFile(values.config);
  if (!loaded.ok) return problems(io, 'show', values.config ?? 'the default settings file', loaded.error);
  const effective = effectiveSettings(loaded.value.settings, values);
  if (!effective.ok) return problems(io, 'show', loaded.value.path, effective.error);
  io.out(loaded.value.found ? `# settings file: ${loaded.value.path}` : `# no settings file at ${loaded.value.path}`);
  io.out(formatEffectiveSettings(effective.value));
  return EXIT_OK;
}

function schema(args: string[], io: CliIo, { settingsSchema }: SettingsModule): number {
  const { positionals } = parseCommandArgs(args, {});
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('config')}`);
  io.out(JSON.stringify(settingsSchema(), null, 2));
  return EXIT_OK;
}

async function hashFromInput(args: string[], io: CliIo, deps: CliDeps): Promise<number> {
  const { positionals } = parseCommandArgs(args, {});
  if (positionals.length > 0)
    throw new UsageError(
      `hash-password reads the password from standard input, not the command line (it would stay in the shell's history)`,
    );
  const input = deps.input ?? process.stdin;
  if ((input as { isTTY?: boolean }).isTTY) io.err('Password (shown as you type it), then Enter:');
  const password = await firstLine(input);
  if (password === undefined || password === '') throw new UsageError('no password on standard input');
  const { hashPassword } = await import('../../platform/password.ts');
  io.out(await hashPassword(password));
  return EXIT_OK;
}

/** The first line of the input (without its line end), or undefined when it ends empty. */
async function firstLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return undefined;
  } finally {
    lines.close();
  }
}
