// Which build in dist/ may run `command`, if any: its stamp (dist/.built, written last by
// scripts/build-cli.mjs) names the time the build started, then, one line per build (one per
// command, and `main` for help and the rest), the sources that build was made from. A build is
// good while none of its sources has changed (or gone) since the start: an edit to the referee
// leaves perft's build good, as perft never runs the referee's code. A file added since matters
// only once an edited one imports it. The launcher asks at every start; bench/startup.ts times it.
import { readFileSync, statSync } from 'node:fs';

/** The build's directory under dist/bundle/, or undefined: run the sources. */
export function freshBuild(root, command) {
  let stamp;
  try {
    stamp = readFileSync(`${root}dist/.built`, 'utf8');
  } catch {
    return undefined;
  }
  const [started, ...lines] = stamp.split('\n');
  const startedMs = Number(started);
  if (!(startedMs > 0)) return undefined;
  const builds = new Map(lines.map((line) => [line.slice(0, line.indexOf('\t')), line]));
  const name = builds.has(command) ? command : 'main';
  const line = builds.get(name);
  if (line === undefined) return undefined;
  for (const source of line.split('\t').slice(1)) {
    const stat = statSync(`${root}src/${source}`, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs >= startedMs) return undefined;
  }
  return name;
}
