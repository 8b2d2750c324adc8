// `--mqtt mqtts://…` with `--mqtt-ca FILE`: the referee publishes over TLS to a real Mosquitto
// whose certificate a test CA signed, and trusts nothing else (without the CA it cannot connect).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { skipWithout } from '../system-tools.ts';
import { freePort, MOSQUITTO, Sub, until } from './mqtt-tools.ts';
import { saidVerdict } from '../said.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

/** A CA and a server certificate for 127.0.0.1 signed by it, made with openssl. */
function certificates(dir: string): { ca: string; cert: string; key: string } {
  const run = (...args: string[]): void => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
  };
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=senryaku test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'san.ext',
    '-out',
    'server.pem',
  );
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
}

describe.skipIf(skipWithout('openssl', 'openssl', ['version']) || skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))(
  'MQTT over TLS',
  () => {
    it('publishes every verdict to an mqtts:// broker it trusts by --mqtt-ca', { timeout: 180_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'senryaku-tls-'));
      const { ca, cert, key } = certificates(dir);
      const port = await freePort();
      writeFileSync(
        join(dir, 'mosquitto.conf'),
        [`listener ${port} 127.0.0.1`, 'allow_anonymous true', `cafile ${ca}`, `certfile ${cert}`, `keyfile ${key}`, 'user root', ''].join(
          '\n',
        ),
      );
      const broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
      let log = '';
      broker.stderr.setEncoding('utf8').on('data', (c: string) => (log += c));
      let sub: Sub | undefined;
      try {
        await until('mosquitto to listen', () => log.includes(' running'));
        // Subscribed (its SUBACK seen) before the referee publishes: the verdicts are not retained.
        sub = await new Sub(port, ['--cafile', ca, '-q', '1'], 'senryaku/tls/verdict').start();
        const common = [
          'referee',
          '--sim',
          '--autoplay',
          '--speed',
          'max',
          '--games',
          '1',
          '--json',
          '--scoreboard',
          'none',
          '--db',
          'off',
        ];
        const dirs = ['--journal-dir', join(dir, 'journal'), '--calibration-dir', join(dir, 'cal'), '--board-name', 'tls'];
        const out: string[] = [];
        const err: string[] = [];
        const code = await main([...common, ...dirs, '--mqtt', `mqtts://127.0.0.1:${port}`, '--mqtt-ca', ca], {
          out: (l) => out.push(l),
          err: (l) => err.push(l),
        });
        expect(code, err.join('\n')).toBe(0);
        await until('every verdict over TLS', () => sub!.messages.length >= out.length);
        expect(sub.messages.map((m) => (JSON.parse(m.payload) as { verdict: unknown }).verdict)).toEqual(out.map(saidVerdict));

        // Without the CA the broker's certificate is not trusted: nothing goes out, and it is said.
        const untrusting: string[] = [];
        const again = await main([...common, ...dirs, '--mqtt', `mqtts://127.0.0.1:${port}`], {
          out: () => {},
          err: (l) => untrusting.push(l),
        });
        expect(again).toBe(0);
        expect(untrusting.join('\n')).toMatch(/MQTT .*(certificate|self.signed|verify)/i);
      } finally {
        sub?.stop();
        broker.kill();
      }
    });
  },
);
