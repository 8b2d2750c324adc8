/**
 * The embedded broker in a process of its own (forked by broker-child.ts). A referee killed
 * with `kill -9` takes its own process down, but not this one: the broker sees the referee's
 * connection drop and publishes its last will (`offline`), as a broker apart from the referee
 * would. When the referee is gone (the IPC channel closes) or asks it to, it lingers a moment
 * for the wills to go out, then closes.
 */
import { BrokerStartError, startEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions } from './broker.ts';

/** Long enough for the broker to deliver the referee's last will to its subscribers. */
const LINGER_MS = 1000;

export type BrokerProcessRequest = { readonly type: 'start'; readonly options: EmbeddedBrokerOptions } | { readonly type: 'close' };
export type BrokerProcessReply =
  | {
      readonly type: 'ready';
      readonly host: string;
      readonly port: number;
      readonly url: string;
      readonly internal: EmbeddedBroker['internal'];
    }
  | { readonly type: 'error'; readonly code: BrokerStartError['code']; readonly message: string };

let broker: EmbeddedBroker | undefined;
let ending = false;

function end(lingerMs: number): void {
  if (ending) return;
  ending = true;
  setTimeout(() => {
    void (broker?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  }, lingerMs);
}

process.on('message', (m: BrokerProcessRequest) => {
  if (m.type === 'close') {
    end(0);
    return;
  }
  startEmbeddedBroker(m.options).then(
    (b) => {
      broker = b;
      const reply: BrokerProcessReply = { type: 'ready', host: b.host, port: b.port, url: b.url, internal: b.internal };
      process.send?.(reply);
    },
    (e: unknown) => {
      const reply: BrokerProcessReply =
        e instanceof BrokerStartError
          ? { type: 'error', code: e.code, message: e.message }
          : { type: 'error', code: 'listen', message: String(e) };
      process.send?.(reply);
      end(0);
    },
  );
});
// The referee is gone (exited, crashed or killed): its will goes out, then the broker closes.
process.on('disconnect', () => end(LINGER_MS));
// Ctrl-C in a terminal (or `timeout`, or a service manager stopping the group) signals the whole
// process group: the referee shuts down in order and closes this broker last, after its own
// `offline`. Left to the default, the signal would end the broker first, under the referee.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
