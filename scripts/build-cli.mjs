// Compiles src/ to dist/ (tsconfig.build.json) and stamps the build, for bin/senryaku.js to
// start in plain Node; bundles the web dashboard's page (src/web/page/) with esbuild into
// dist/web/ beside its server. Run by `npm ci` (the prepare step) and `npm run build`. Without
// TypeScript installed (an install without dev dependencies) it says so and leaves the
// launcher on tsx, which is slower to start but runs the same code.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = `${root}node_modules/typescript/bin/tsc`;
if (!existsSync(tsc)) {
  console.error('build: TypeScript is not installed; the senryaku command will run through tsx');
  process.exit(0);
}
const run = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
mkdirSync(`${root}dist/web`, { recursive: true });
// The dashboard's page: one minified script and its stylesheet, served by the referee itself
// (which compresses them when it starts). The options are the server's own (PAGE_BUILD, from
// the assets.js just compiled), so the built page is the one a server running from the sources bundles.
const { build } = await import('esbuild');
const { PAGE_BUILD } = await import(new URL('../dist/web/assets.js', import.meta.url).href);
await build({ ...PAGE_BUILD, entryPoints: [`${root}src/web/page/main.ts`], outfile: `${root}dist/web/app.js`, logLevel: 'warning' });
copyFileSync(`${root}src/web/page/style.css`, `${root}dist/web/style.css`);
// The launcher trusts dist/ while no source file is newer than this stamp.
writeFileSync(`${root}dist/.built`, `${new Date().toISOString()}\n`);
