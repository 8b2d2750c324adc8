// The web dashboard names no game: its sources hold no game's id, and the page's bundle holds
// no referee, rules core, registry or game descriptor. What it draws and says of a game comes
// from the game's descriptor at run time (Ruleset.drawing, Ruleset.words), so a new game
// needs nothing of src/web.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { PAGE_BUILD, PAGE_ENTRY } from '../../src/web/assets.ts';

const WEB = 'src/web';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/**
 * The product, not a game: the project is "Senryaku referee", its command `senryaku` and its
 * session cookie `senryaku_session` (whose name the operators' browsers keep). These exact
 * names are taken out before the search; any other mention of a game's id is one too many.
 */
const PRODUCT_NAMES = ['Senryaku referee', 'senryaku_session'];

describe('src/web knows no game', () => {
  it('no file under src/web holds a game id, in any case', () => {
    expect(BUILT_IN_RULESETS.ids.length).toBeGreaterThanOrEqual(2);
    const found: string[] = [];
    for (const file of filesUnder(WEB)) {
      let text = readFileSync(file, 'utf8');
      for (const name of PRODUCT_NAMES) text = text.split(name).join('');
      for (const id of BUILT_IN_RULESETS.ids) {
        const at = text.toLowerCase().indexOf(id.toLowerCase());
        if (at >= 0) found.push(`${file}: '${id}' in …${text.slice(Math.max(0, at - 30), at + id.length + 30)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the page's bundle holds the page, the pure presentation and the drawing's helpers: no referee, rules core, registry or game descriptor", async () => {
    const out = await build({ ...PAGE_BUILD, entryPoints: [PAGE_ENTRY], write: false, outfile: 'app.js', metafile: true });
    const modules = Object.keys(Object.values(out.metafile.outputs)[0]!.inputs);
    expect(modules).toContain('src/web/page/board.ts');
    // Beside the page's own files: verdicts in words and the scoring board's model and frame,
    // the foul and restore words they use, match scoring (common to every game), the drawing's helpers.
    const pageMay =
      /^src\/(web\/page\/|presentation\/|app\/scoreboard\/frame\.ts|hardware\/scoreboard\/picture\.ts|referee\/(foul-words|board-view)\.ts|rules\/match\/|rulesets\/(board-drawing|words)\.ts|util\/)/;
    expect(modules.filter((m) => !pageMay.test(m))).toEqual([]);
  });
});
