/**
 * The run's advisor on the run's board: the own engine plays on the board profile the run
 * referees with, so it never answers a move that crashes that board.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Advisor } from '../../../src/app/computer/advisor.ts';
import { createAdvisor } from '../../../src/app/computer/create-advisor.ts';
import { SENRYAKU } from '../../../src/games/senryaku/index.ts';
import { CAPTURE_OR_CRASH, LIGHT_PROFILE } from '../../games/senryaku/light-board.ts';

const advisors: Advisor[] = [];
afterEach(async () => {
  await Promise.all(advisors.splice(0).map((a) => a.stop()));
});

const answerOn = async (profile: unknown): Promise<string> => {
  const advisor = createAdvisor(SENRYAKU, profile, undefined, 1)!;
  advisors.push(advisor);
  await advisor.start();
  const answer = await advisor.ask({ position: CAPTURE_OR_CRASH.position, level: 6, movetimeMs: 20_000 }).done;
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

describe('createAdvisor', () => {
  it("the own engine plays on the run's board: the capture on the reference board, never on a board it crashes", async () => {
    expect(await answerOn(undefined)).toBe(CAPTURE_OR_CRASH.move);
    const onLight = await answerOn(LIGHT_PROFILE);
    expect(onLight).not.toBe(CAPTURE_OR_CRASH.move);
    const tools = SENRYAKU.position(CAPTURE_OR_CRASH.position, LIGHT_PROFILE);
    expect(tools.ok && tools.value.moves().find((m) => m.notation === onLight)?.outcome).toBe('none');
  });
});
