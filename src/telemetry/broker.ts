/**
 * The embedded MQTT broker (aedes, MQTT 3.1.1) that `senryaku referee` runs by default.
 * Anyone may connect and subscribe. Publishing is closed: requests
 * (`<base>/bridge/request/#`) only from an authenticated user with the operator role, but the
 * one request that only reads (`fetch_verdicts`, a hub catching up) from anyone, as anyone may
 * read the verdicts it answers with,
 * and the board's own topics only from the referee's publisher, which connects as a built-in
 * user whose random password lives in this process alone (it never reaches a file or the
 * command line). A wrong password is refused at connect; a client with no user name
 * connects as a viewer. A request larger than MAX_REQUEST_BYTES is refused (the client is
 * disconnected, as for any refused publish): it is neither delivered nor retained.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { verifyPassword } from '../platform/password.ts';
import { MAX_REQUEST_BYTES } from './topics.ts';

/**
 * operator: every request; hub and viewer: fetch_verdicts only (it reads the journal, changes
 * nothing; the hub role names a hub's user in a Mosquitto ACL, docs/mqtt.md).
 */
export const ROLES = ['operator', 'hub', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A broker user as the settings file keeps it: the password only as `scrypt$N$r$p$salt$hash`. */
export interface BrokerUser {
  readonly name: string;
  readonly role: Role;
  readonly scrypt: string;
}

export interface EmbeddedBrokerOptions {
  readonly host: string;
  /** 0: any free port (tests). */
  readonly port: number;
  readonly users: readonly BrokerUser[];
  /** The topic base whose publishing is guarded. */
  readonly base: string;
}

export interface EmbeddedBroker {
  readonly host: string;
  readonly port: number;
  readonly url: string;
  /** The credentials of the referee's own publisher. */
  readonly internal: { readonly username: string; readonly password: string };
  close(): Promise<void>;
}

/** Why the broker could not start: `in-use`, the port is taken; `listen`, anything else. */
export class BrokerStartError extends Error {
  override readonly name = 'BrokerStartError';
  constructor(
    readonly code: 'in-use' | 'listen',
    message: string,
  ) {
    super(message);
  }
}

export const INTERNAL_USER = 'senryaku-referee';

type Identity = Role | 'internal' | 'anonymous';

/** May a client of this identity publish on this topic (a payload of this many bytes)? */
export function mayPublish(identity: Identity, topic: string, base: string, bytes = 0): boolean {
  const isRequest = topic.startsWith(`${base}/bridge/request/`);
  if (identity === 'internal') return !isRequest && (topic === base || topic.startsWith(`${base}/`));
  // Anyone may read the verdicts, so anyone may ask for those it missed again.
  if (topic === `${base}/bridge/request/fetch_verdicts`) return bytes <= MAX_REQUEST_BYTES;
  if (identity === 'operator') return isRequest && bytes <= MAX_REQUEST_BYTES;
  return false;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const internal = { username: INTERNAL_USER, password: randomBytes(24).toString('base64url') };
  const identities = new WeakMap<Client, Identity>();
  const users = new Map(options.users.map((u) => [u.name, u]));
  const refuse = (): Error & { returnCode: number } => Object.assign(new Error('bad user name or password'), { returnCode: 4 });
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username === undefined || username === '') {
        identities.set(client, 'anonymous');
        return done(null, true);
      }
      const given = password?.toString('utf8') ?? '';
      if (username === INTERNAL_USER) {
        if (given !== internal.password) return done(refuse(), false);
        identities.set(client, 'internal');
        return done(null, true);
      }
      const user = users.get(username);
      if (!user) return done(refuse(), false);
      // scrypt off the event loop: a burst of logins must not stall the referee's verdicts.
      verifyPassword(given, user.scrypt).then(
        (matches) => {
          if (!matches) return done(refuse(), false);
          identities.set(client, user.role);
          done(null, true);
        },
        () => done(refuse(), false),
      );
    },
    authorizePublish: (client, packet, done) => {
      const identity: Identity = client ? (identities.get(client) ?? 'anonymous') : 'internal';
      const bytes = packet.payload.length;
      if (mayPublish(identity, packet.topic, options.base, bytes)) return done(null);
      const tooLarge = bytes > MAX_REQUEST_BYTES && mayPublish(identity, packet.topic, options.base);
      done(
        new Error(tooLarge ? `a request of ${bytes} bytes (at most ${MAX_REQUEST_BYTES})` : `not allowed to publish on ${packet.topic}`),
      );
    },
  });
  const server: Server = createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const code = (e as NodeJS.ErrnoException).code;
    const where = `${options.host}:${options.port}`;
    throw code === 'EADDRINUSE'
      ? new BrokerStartError('in-use', `${where} is already in use (another broker?)`)
      : new BrokerStartError('listen', `cannot listen on ${where}: ${code ?? (e as Error).message}`);
  }
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    host: options.host,
    port,
    url: `mqtt://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    internal,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        broker.close();
      })),
  };
}
