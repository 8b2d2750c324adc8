/**
 * The README's command table says what a newcomer types: each row names a real command,
 * and each of `board`'s alternatives, in the table and in its usage, is a subcommand the
 * command takes (both once listed `board … off`, which is `board leds off`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommandName, usageOf } from '../../src/cli/usage.ts';
import { runMain } from './run-main.ts';

/** The first cell of each row of the table under "## Command line", its `\|` unescaped and its backquotes dropped. */
function commandRows(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Command line\n'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('\n|')));
  return table
    .split('\n')
    .filter((l) => l.startsWith('| `senryaku '))
    .map((l) => l.replaceAll('\\|', '\u0000').split(' | ')[0]!.slice(2).replaceAll('\u0000', '|').replaceAll('`', ''));
}

describe("the README's command table", () => {
  it('names a real command in every row', () => {
    const rows = commandRows();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(isCommandName(/^senryaku ([a-z]+)/.exec(row)?.[1] ?? ''), row).toBe(true);
  });

  it.each([
    ['README', () => commandRows().find((r) => r.startsWith('senryaku board '))!],
    ['usage', () => usageOf('board')],
  ])('board: every alternative the %s lists is a subcommand board takes, as written', async (_where, text) => {
    const row = text();
    // `senryaku board A|B ARGS|C [--frames N] --port PATH`: the alternatives between "board" and the options.
    const forms = row.slice('senryaku board '.length, row.search(/ \[?--/)).split('|');
    expect(forms.length).toBeGreaterThanOrEqual(4);
    for (const form of forms) {
      // A port that does not exist: a form the command takes gets as far as the port check (exit 1).
      const argv = form
        .replace(/\bTYPE\b/, 'PING')
        .replace(/\bRRGGBB\b/, 'FF0000')
        .replace(/\[ARGS(\.\.\.)?\]/, '')
        .trim()
        .split(/\s+/);
      const r = await runMain(['board', ...argv, '--port', '/nonexistent/senryaku/ttyACM0'], { serialDevices: { list: async () => [] } });
      expect([r.code, r.err.join('\n')], `board ${form}`).toEqual([1, expect.stringMatching(/does not exist/)]);
    }
  });
});
