// The dashboard's Hint button's request (POST /api/operator/hint) through the real stack: the
// computer's service with the referee's own engine answers it, the referee says it (a hint
// verdict, count 1) and the request's answer carries it; without an operator's login, refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputerService } from '../../src/app/computer/computer-service.ts';
import { createAdvisor } from '../../src/app/computer/create-advisor.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { realScheduler } from '../../src/util/scheduler.ts';
import { OPERATOR, Rig } from './harness.ts';

const SURAKARTA = BUILT_IN_RULESETS.byId('surakarta');
if (!SURAKARTA.ok) throw new Error(SURAKARTA.error.message);

async function post(url: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url.replace(/\/$/, ''), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('the dashboard: a hint', { timeout: 120_000 }, () => {
  let rig: Rig | undefined;
  const computer = new ComputerService(
    {
      settings: { seatOf: () => undefined, hints: undefined },
      scheduler: realScheduler,
      io: { out: () => {}, err: () => {} },
      notice: () => {},
    },
    createAdvisor(SURAKARTA.value, undefined, undefined, 1),
  );
  beforeAll(async () => {
    rig = await Rig.start({ rules: 'surakarta', position: SURAKARTA.value.startPosition, seed: 11, services: [computer], hints: computer });
  });
  afterAll(async () => rig?.stop());

  it('an operator asks: the engine finds the move, the referee says it, the answer carries it', async () => {
    const r = rig!;
    await r.until('game-started');
    expect((await post(r.url, '/api/operator/hint', {})).status).toBe(403);
    const login = await fetch(new URL('/api/login', r.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: r.url.replace(/\/$/, '') },
      body: JSON.stringify(OPERATOR),
    });
    const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
    const answer = await post(r.url, '/api/operator/hint', {}, cookie);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, side: 'light', player: 'A', count: 1 } });
    const hint = await r.until('hint');
    expect(hint).toMatchObject({ side: 'light', player: 'A', count: 1, move: answer.body.move });
    const legal = SURAKARTA.value.position(SURAKARTA.value.startPosition);
    expect(legal.ok && legal.value.moves().map((m) => m.notation)).toContain(hint.move);
  });
});
