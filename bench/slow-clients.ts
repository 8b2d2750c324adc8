/**
 * Slow-clients bench: does the dashboard's memory stay bounded when WebSocket clients never
 * read what it sends them?
 *
 * Two runs of the real referee process (`senryaku referee --sim --autoplay --speed 1`, its
 * dashboard and embedded broker on free ports, journal and store in a fresh folder), one after
 * the other, the same length each:
 *   - quiet: one page that reads (a WebSocket client that takes every message);
 *   - hostile: the same page, plus N clients that upgrade to a WebSocket and never read a
 *     byte (raw TCP sockets, paused), with an operator's session, so they are sent the most
 *     (the live loads, 15 a second); one the server drops connects again, so N are there
 *     throughout.
 * Each page is sent about 20 KB/s at speed 1. On loopback the kernel holds up to 4 MB of it
 * per connection (its socket buffers grow with loopback's 64 KB segments) before the process
 * holds any, so 4 min fills little beyond the kernel. `--small-buffers` runs both in a network
 * namespace of their own (`unshare -rn`) whose socket buffers stop at 64 KB, as they stay for
 * a client across a real network that stops reading (a window of 1,448-byte segments): there
 * the process holds what the clients do not take from the start.
 * The referee's RSS is sampled from /proc/<pid>/status every few seconds; the figures printed
 * are its start, peak and end in each run, and the hostile run's end and peak against the
 * quiet run's. The bar: within 50 MB.
 *
 * Run: npm run bench:slow-clients [-- --minutes 4 --clients 20]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { hashPassword } from '../src/platform/password.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '4' },
    clients: { type: 'string', default: '20' },
    'sample-s': { type: 'string', default: '5' },
    'small-buffers': { type: 'boolean', default: false },
  },
});
if (values['small-buffers'] && process.env.SENRYAKU_BENCH_NETNS !== '1') {
  // Again, inside a network namespace of its own with small socket buffers (the machine's are untouched).
  const setUp = [
    'ip link set lo up',
    "echo '4096 16384 65536' > /proc/sys/net/ipv4/tcp_wmem",
    "echo '4096 16384 65536' > /proc/sys/net/ipv4/tcp_rmem",
    'exec "$@"',
  ].join(' && ');
  const r = spawnSync('unshare', ['-rn', 'sh', '-c', setUp, 'sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, SENRYAKU_BENCH_NETNS: '1' },
  });
  process.exit(r.status ?? 1);
}
const runMs = Number(values.minutes) * 60_000;
const clientCount = Number(values.clients);
const sampleMs = Number(values['sample-s']) * 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const OPERATOR = { name: 'bench', password: 'slow clients' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

interface Referee {
  readonly child: ChildProcess;
  readonly url: string;
  readonly dir: string;
}

async function startReferee(): Promise<Referee> {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-slow-'));
  const scrypt = await hashPassword(OPERATOR.password, { N: 1024, r: 8, p: 1 });
  writeFileSync(join(dir, 'settings.yaml'), `mqtt:\n  users:\n    - { name: ${OPERATOR.name}, role: operator, scrypt: '${scrypt}' }\n`);
  const [http, mqtt] = [await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [
      join(root, 'bin/senryaku.js'),
      'referee',
      '--config',
      join(dir, 'settings.yaml'),
      '--sim',
      '--autoplay',
      '--speed',
      '1',
      '--seed',
      '11',
      '--stay',
      '--http',
      `127.0.0.1:${http}`,
      '--mqtt-listen',
      `127.0.0.1:${mqtt}`,
      '--journal-dir',
      join(dir, 'journal'),
      '--calibration-dir',
      join(dir, 'calibration'),
      '--db',
      join(dir, 'matches.db'),
      '--scoreboard',
      'none',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let said = '';
  child.stderr.on('data', (d: Buffer) => (said += d.toString('utf8')));
  const url = `http://127.0.0.1:${http}/`;
  // Ready once the page's socket opens and a match is on the board.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the referee ended: ${said}`);
    try {
      const state = (await (await fetch(`${url}api/state`)).json()) as { match?: unknown };
      if (state.match) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the referee did not start a match: ${said}`);
    await sleep(250);
  }
  return { child, url, dir };
}

async function stopReferee(r: Referee): Promise<void> {
  const ended = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill('SIGINT');
  await Promise.race([ended, sleep(15_000)]);
  if (r.child.exitCode === null) r.child.kill('SIGKILL');
  rmSync(r.dir, { recursive: true, force: true });
}

/** A page that reads everything: how many messages it has had. */
function readingPage(url: string): { readonly ws: WebSocket; messages: number } {
  const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, { headers: { Origin: url.replace(/\/$/, '') } });
  const page = { ws, messages: 0 };
  ws.on('message', () => page.messages++);
  ws.on('error', () => {});
  return page;
}

/** An operator's session cookie. */
async function login(url: string): Promise<string> {
  const res = await fetch(`${url}api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url.replace(/\/$/, '') },
    body: JSON.stringify(OPERATOR),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The local ports of this machine's connections to `port` still established, by `ss`. */
function establishedTo(port: string): Set<number> {
  const r = spawnSync('ss', ['-tnH', 'state', 'established', `( dport = :${port} )`], { encoding: 'utf8' });
  const ports = new Set<number>();
  for (const line of (r.stdout ?? '').split('\n')) {
    const local = line.trim().split(/\s+/)[2]; // Recv-Q Send-Q Local Peer (no State column with one state)
    const m = local ? /:(\d+)$/.exec(local) : null;
    if (m) ports.add(Number(m[1]));
  }
  return ports;
}

/**
 * N clients that upgrade and never read; one that is dropped connects again. A socket that
 * never reads never hears the server close it either, so the kernel is asked (`ss`) every
 * 2 s which of them are still established.
 */
function nonReaders(
  url: string,
  n: number,
  cookie: string,
): { stop(): void; readonly connects: () => number; readonly dropped: () => number } {
  const { hostname, port } = new URL(url);
  const sockets = new Set<Socket>();
  let connects = 0;
  let dropped = 0;
  let stopped = false;
  const open = (): void => {
    if (stopped) return;
    connects++;
    const s = connect(Number(port), hostname);
    sockets.add(s);
    s.on('connect', () => {
      s.write(
        `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: http://${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Cookie: ${cookie}\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      s.pause(); // never read: the kernel's buffers fill, then the server's
    });
    s.on('error', () => {});
    s.on('close', () => {
      sockets.delete(s);
      if (stopped) return;
      dropped++;
      setTimeout(open, 1000);
    });
  };
  for (let i = 0; i < n; i++) open();
  const watch = setInterval(() => {
    const live = establishedTo(port);
    for (const s of sockets) if (s.readyState === 'open' && s.localPort !== undefined && !live.has(s.localPort)) s.destroy();
  }, 2000);
  return {
    stop: () => {
      stopped = true;
      clearInterval(watch);
      for (const s of sockets) s.destroy();
    },
    connects: () => connects,
    dropped: () => dropped,
  };
}

interface RunFigures {
  readonly startMb: number;
  readonly peakMb: number;
  readonly endMb: number;
  /** The mean of the last minute's samples (RSS swings with the collector; this less). */
  readonly lastMinuteMb: number;
  readonly afterCloseMb: number;
  readonly pageMessages: number;
  readonly connects: number;
  readonly dropped: number;
}

async function run(hostile: boolean): Promise<RunFigures> {
  const r = await startReferee();
  const pid = r.child.pid!;
  try {
    await sleep(5000); // past start-up
    const startMb = rssMb(pid);
    const page = readingPage(r.url);
    const clients = hostile ? nonReaders(r.url, clientCount, await login(r.url)) : undefined;
    let peakMb = startMb;
    const samples: { atMs: number; mb: number }[] = [];
    const t0 = Date.now();
    while (Date.now() - t0 < runMs) {
      await sleep(sampleMs);
      const mb = rssMb(pid);
      samples.push({ atMs: Date.now() - t0, mb });
      peakMb = Math.max(peakMb, mb);
      const s = Math.round((Date.now() - t0) / 1000);
      console.log(
        `  ${hostile ? 'hostile' : 'quiet  '} t=${String(s).padStart(3)} s  RSS ${mb.toFixed(1)} MB` +
          (clients ? `  (non-readers: ${clients.connects()} connects, ${clients.dropped()} dropped)` : ''),
      );
    }
    const endMb = rssMb(pid);
    const last = samples.filter((x) => x.atMs >= runMs - 60_000);
    const lastMinuteMb = last.reduce((a, x) => a + x.mb, 0) / Math.max(1, last.length);
    clients?.stop();
    await sleep(10_000);
    const afterCloseMb = rssMb(pid);
    const pageMessages = page.messages;
    page.ws.close();
    return {
      startMb,
      peakMb,
      endMb,
      lastMinuteMb,
      afterCloseMb,
      pageMessages,
      connects: clients?.connects() ?? 0,
      dropped: clients?.dropped() ?? 0,
    };
  } finally {
    await stopReferee(r);
  }
}

const show = (name: string, f: RunFigures): string =>
  `${name}: RSS start ${f.startMb.toFixed(1)} MB, peak ${f.peakMb.toFixed(1)} MB, end ${f.endMb.toFixed(1)} MB, ` +
  `last minute's mean ${f.lastMinuteMb.toFixed(1)} MB, ` +
  `10 s after the clients closed ${f.afterCloseMb.toFixed(1)} MB; the reading page had ${f.pageMessages} messages` +
  (f.connects > 0 ? `; non-readers connected ${f.connects} times, dropped ${f.dropped} times` : '');

console.log(
  `senryaku referee --sim --autoplay --speed 1, ${values.minutes} min each, ${clientCount} non-reading clients in the hostile run` +
    (values['small-buffers'] ? ', socket buffers at most 64 KB' : ', loopback socket buffers'),
);
const quiet = await run(false);
const hostile = await run(true);
console.log(show('quiet  ', quiet));
console.log(show('hostile', hostile));
console.log(
  `hostile - quiet: end ${(hostile.endMb - quiet.endMb).toFixed(1)} MB, last minute ${(hostile.lastMinuteMb - quiet.lastMinuteMb).toFixed(1)} MB, ` +
    `peak ${(hostile.peakMb - quiet.peakMb).toFixed(1)} MB (bar: within 50 MB)`,
);
