// Compiles src/ to dist/ (tsconfig.build.json), bundles the command line for start-up into
// dist/bundle/, and stamps the build, for bin/senryaku.js to start in plain Node; bundles the
// web dashboard's page (src/web/page/) with esbuild into dist/web/ beside its server. Run by
// `npm ci` (the prepare step) and `npm run build`. Without TypeScript installed (an install
// without dev dependencies) it says so and leaves the launcher on tsx, which is slower to
// start but runs the same code.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const tsc = `${root}node_modules/typescript/bin/tsc`;
if (!existsSync(tsc)) {
  console.error('build: TypeScript is not installed; the senryaku command will run through tsx');
  process.exit(0);
}
// The stamp goes first, so a build that stops half-way leaves the launcher on the sources. The
// build's start is read on the file system's own clock (a file's mtime), as the sources' are.
mkdirSync(dist, { recursive: true });
rmSync(`${dist}/.built`, { force: true });
writeFileSync(`${dist}/.build-started`, '');
const startedMs = statSync(`${dist}/.build-started`).mtimeMs;
const run = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
mkdirSync(`${dist}/web`, { recursive: true });
const { build } = await import('esbuild');
// The dashboard's page: one minified script and its stylesheet, served by the referee itself
// (which compresses them when it starts). The options are the server's own (PAGE_BUILD, from
// the assets.js just compiled), so the built page is the one a server running from the sources bundles.
const { PAGE_BUILD } = await import(new URL('../dist/web/assets.js', import.meta.url).href);
await build({ ...PAGE_BUILD, entryPoints: [`${root}src/web/page/main.ts`], outfile: `${dist}/web/app.js`, logLevel: 'warning' });
copyFileSync(`${root}src/web/page/style.css`, `${dist}/web/style.css`);

/** A module that starts another of dist/ in a process or thread of its own (run as compiled, not bundled): the broker's process, the engine's search thread. */
const CHILD_ENTRIES = {
  'telemetry/broker-child.ts': 'telemetry/broker-process.js',
  'app/engine/worker-search-runner.ts': 'app/engine/search-worker.js',
};

// The command line as a few files instead of hundreds: Node's ES module loader pays per file
// (resolve, then open, stat, read and close through the thread pool, compile, link), which made
// `senryaku perft 1` load 81 files. One build per command, in dist/bundle/<command>/: the entry
// (cli/main) with that command only, the other commands left out (that process never loads
// them), so a command without lazy parts of its own is one file; the referee's lazy parts (its
// checks, its services) are split off and still load only once its arguments are valid. Each
// process loads one build, so no module is ever loaded twice. `main` is the build for help,
// --version and unknown commands. Packages stay outside. A module that finds files beside
// itself (import.meta.url: the schemas, the board profiles, the broker's process, the page)
// keeps doing so from its own place in dist/.
const bundleDir = `${dist}/bundle`;
rmSync(bundleDir, { recursive: true, force: true });
const stamp = [startedMs];
// The commands are main's lazy imports: the build of `main` leaves every one out, and names them.
const commands = [];
for (let i = -1; i < commands.length; i++) {
  const command = i < 0 ? 'main' : commands[i];
  const out = `${bundleDir}/${command}`;
  const options = {
    absWorkingDir: root,
    entryPoints: [`${dist}/cli/main.js`],
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [onlyCommand(command), keepModuleUrls(dist, out)],
  };
  let bundled = await build({ ...options, splitting: true });
  // Without lazy parts of its own, the command is one file: main's import of it stays lazy, within the file.
  if (!hasLazyParts(bundled.metafile)) {
    rmSync(out, { recursive: true });
    bundled = await build(options);
  }
  stamp.push([command, ...(await sourcesOf(bundled.metafile))].join('\t'));
  if (command === 'main')
    for (const imported of bundled.metafile.inputs['dist/cli/main.js'].imports)
      if (imported.kind === 'dynamic-import' && imported.external) commands.push(/^\.\/commands\/(.+)\.js$/.exec(imported.path)[1]);
}

// The launcher trusts a command's build while every source it was built from is older than the
// build's start: `senryaku perft` checks perft's own sources, not the referee's.
writeFileSync(`${dist}/.built`, stamp.join('\n'));
rmSync(`${dist}/.build-started`, { force: true });

/** The other commands' modules stay out of a command's build: main imports them only when they run. */
function onlyCommand(command) {
  return {
    name: 'only-command',
    setup(b) {
      b.onResolve({ filter: /^\.\/commands\/[^/]+\.js$/ }, (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.endsWith('/dist/cli/main.js')) return undefined;
        return args.path === `./commands/${command}.js` ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Whether a module of the build, besides main, imports one of the build's own modules lazily (the referee's checks and services). */
function hasLazyParts(metafile) {
  return Object.entries(metafile.inputs).some(
    ([input, { imports }]) => input !== 'dist/cli/main.js' && imports.some((i) => i.kind === 'dynamic-import' && !i.external),
  );
}

/** import.meta.url of each bundled module is the URL of its own file in dist/, not the bundle's. */
function keepModuleUrls(compiled, out) {
  return {
    name: 'keep-module-urls',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        if (!args.path.startsWith(`${compiled}/`)) throw new Error(`${args.path}: import.meta outside dist/`);
        if (/import\.meta(?!\.url\b)/.test(text)) throw new Error(`${args.path}: only import.meta.url is kept in the bundle`);
        const own = `new URL(${JSON.stringify(relative(out, args.path))}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
      });
    },
  };
}

/**
 * The sources (relative to src/) a build's process may run: those bundled, the page when it
 * serves the dashboard (dist/web/ from src/web/page/), and those of the modules it starts
 * in a process or thread of their own (CHILD_ENTRIES).
 */
async function sourcesOf(metafile) {
  const bundledFiles = Object.keys(metafile.inputs).map((input) => resolve(root, input));
  const sources = new Set(bundledFiles.map((file) => relative(dist, file).replace(/\.js$/, '.ts')));
  if (sources.has('web/assets.ts')) for (const source of readdirSync(`${root}src/web/page`)) sources.add(`web/page/${source}`);
  for (const [starter, entry] of Object.entries(CHILD_ENTRIES)) {
    if (!sources.has(starter)) continue;
    const child = await build({
      absWorkingDir: root,
      entryPoints: [`${dist}/${entry}`],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      metafile: true,
      logLevel: 'warning',
    });
    for (const input of Object.keys(child.metafile.inputs)) sources.add(relative(dist, resolve(root, input)).replace(/\.js$/, '.ts'));
  }
  return [...sources].sort();
}
