/**
 * Starts the embedded broker in a child process (broker-process.ts) and speaks to it over the
 * IPC channel: the referee's side of it. The child outlives a referee killed with `kill -9`
 * just long enough to publish the referee's last will.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BrokerStartError, type EmbeddedBroker, type EmbeddedBrokerOptions } from './broker.ts';
import type { BrokerProcessReply, BrokerProcessRequest } from './broker-process.ts';

/** How long the child may take to listen. */
const START_TIMEOUT_MS = 10_000;

export async function startBrokerProcess(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  // Run from the sources (tsx) or from dist/: the child is the sibling module of this one.
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./broker-process.${fromSources ? 'ts' : 'js'}`, import.meta.url));
  const child = fork(entry, [], {
    execArgv: fromSources ? [...process.execArgv.filter((a) => !a.startsWith('--inspect')), '--import', 'tsx'] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const reply = await new Promise<BrokerProcessReply>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BrokerStartError('listen', 'the broker process did not start in time')), START_TIMEOUT_MS);
    child.once('message', (m: BrokerProcessReply) => {
      clearTimeout(timer);
      resolve(m);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new BrokerStartError('listen', `the broker process ended (${code})`));
    });
    child.send({ type: 'start', options } satisfies BrokerProcessRequest);
  });
  if (reply.type === 'error') {
    child.kill();
    throw new BrokerStartError(reply.code, reply.message);
  }
  child.removeAllListeners('exit');
  let closed: Promise<void> | undefined;
  return {
    host: reply.host,
    port: reply.port,
    url: reply.url,
    internal: reply.internal,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // A channel already gone (the child ended on its own) is not an error: it is closing anyway.
        if (child.connected) child.send({ type: 'close' } satisfies BrokerProcessRequest, () => {});
      })),
  };
}
