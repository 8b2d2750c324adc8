// The settings file's MQTT users reach the embedded broker of `senryaku referee --config`: an
// operator named there ends a Surakarta game by agreement with a request; a viewer cannot.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { skipWithout } from '../system-tools.ts';
import { freePort, publishRequest, simSettingsFile } from './mqtt-tools.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

describe.skipIf(skipWithout('mosquitto_pub', 'mosquitto-clients', ['--help']))('MQTT users from the settings file', () => {
  it("let the file's operator end a game by agreement, and not its viewer", { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-settings-users-'));
    const port = await freePort();
    const config = await simSettingsFile(
      dir,
      port,
      ['board: { sim: true, seed: 4 }', 'rules: surakarta'],
      [
        { name: 'desk', role: 'operator', password: 'desk-pw' },
        { name: 'lobby', role: 'viewer', password: 'lobby-pw' },
      ],
    );
    const out: string[] = [];
    let moves = 0;
    let asked: Promise<unknown> = Promise.resolve();
    const code = await main(['referee', '--config', config, '--autoplay', '--speed', '20', '--games', '1', '--json'], {
      out: (l) => {
        out.push(l);
        // At the fourth move the viewer asks (refused: play goes on), at the tenth the operator.
        if ((JSON.parse(l) as { type: string }).type !== 'move') return;
        moves++;
        if (moves === 4) asked = publishRequest(port, ['lobby', 'lobby-pw'], 'end_game_by_agreement', { transaction: 'v1' });
        if (moves === 10)
          asked = asked.then(() => publishRequest(port, ['desk', 'desk-pw'], 'end_game_by_agreement', { transaction: 'o1' }));
      },
      err: () => {},
    });
    await asked;
    expect(code).toBe(0);
    const verdicts = out.map((l) => JSON.parse(l) as { type: string; reason?: string; game?: number });
    const over = verdicts.filter((v) => v.type === 'game-over');
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ game: 1, reason: 'agreement' });
    // The viewer's request changed nothing: the game went on to the operator's.
    const movesBefore = verdicts.slice(0, verdicts.indexOf(over[0]!)).filter((v) => v.type === 'move').length;
    expect(movesBefore).toBeGreaterThanOrEqual(10);
  });
});
