/**
 * The page's files: the script bundled by esbuild from src/web/page/ and its stylesheet.
 * The build step (scripts/build-cli.mjs, at `npm ci`) writes them to dist/web/; a server
 * running from the sources (tsx, the tests) bundles them in memory at start instead, so the
 * page always matches the code that serves it. Nothing comes from outside the machine.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface WebAssets {
  readonly script: Buffer;
  readonly style: Buffer;
}

/** Where the page's entry and stylesheet are in the sources. */
export const PAGE_ENTRY = fileURLToPath(new URL('./page/main.ts', import.meta.url));
export const PAGE_STYLE = fileURLToPath(new URL('./page/style.css', import.meta.url));

/** esbuild's options for the page: one minified ES module for current browsers. */
export const PAGE_BUILD = { bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none' } as const;

const runningFromSources = (): boolean => import.meta.url.endsWith('.ts');

export async function loadAssets(): Promise<WebAssets> {
  if (!runningFromSources()) {
    // dist/web/assets.js: the bundle lies beside it (a dist/ built before the dashboard has none: bundled now).
    try {
      const [script, style] = await Promise.all([
        readFile(new URL('./app.js', import.meta.url)),
        readFile(new URL('./style.css', import.meta.url)),
      ]);
      return { script, style };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return bundleAssets();
}

export async function bundleAssets(): Promise<WebAssets> {
  const { build } = await import('esbuild');
  const out = await build({ ...PAGE_BUILD, entryPoints: [PAGE_ENTRY], write: false, outfile: 'app.js' });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild wrote no page bundle');
  return { script: Buffer.from(file.contents), style: await readFile(PAGE_STYLE) };
}
