/**
 * The dashboard's POST requests: log in and out, the operator's actions and sim play. Each
 * must come from a page of this dashboard (origin.ts) with a JSON body within the MQTT
 * requests' bounds (src/settings/request-limits.ts); logins are throttled per address and per
 * user. The server decides nothing here either: actions go to the RefereeControl, sim play to
 * the simulated board's hands.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlAnswer, RefereeControl } from '../app/referee-control.ts';
import { MAX_REQUEST_BYTES, checkRequestFields } from '../settings/request-limits.ts';
import { SESSION_COOKIE, clearedCookie, cookieValue, sessionCookie, type OperatorSessions } from './auth.ts';
import { TOO_LARGE, json, readJson } from './http-io.ts';
import type { LoginThrottle, WaitBegun } from './login-throttle.ts';
import { refusedOrigin } from './origin.ts';
import type { ApiError, OperatorActionName } from './protocol.ts';
import { handsOf, parseSimAction, performSimAction, type SimPlay } from './sim-play.ts';

const OPERATOR_ROUTES: Readonly<Record<OperatorActionName, keyof RefereeControl>> = {
  'new-match': 'newMatch',
  'end-by-agreement': 'endGameByAgreement',
  'attribute-interference': 'attributeInterference',
  calibrate: 'startCalibration',
  hint: 'hint',
};

/** What the requests act on, as the server has it at the moment of the request. */
export interface PostContext {
  readonly auth: OperatorSessions;
  readonly throttle: LoginThrottle;
  readonly control: RefereeControl | undefined;
  readonly sim: SimPlay | undefined;
  /** Where a helper's hands set the pieces out (the `setup` sim action). */
  positionToSetUp(): string | undefined;
  /** After a sim action: the hands go to the pages at once. */
  simActed(): void;
  /** A login must now wait (said on the terminal). */
  loginWait(w: WaitBegun): void;
}

export async function handlePost(ctx: PostContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  // Only this dashboard's pages act (the cookie is SameSite=Strict too).
  const refused = refusedOrigin(req.headers);
  if (refused) return json(res, 403, { error: refused, code: 'BadOrigin' } satisfies ApiError);
  // Every POST carries JSON: a form on another site cannot send that.
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    return json(res, 415, { error: 'requests carry a JSON body (Content-Type: application/json)' });
  const request = path.replace(/^\/api\/(operator\/)?/, '').slice(0, 64);
  const body = await readJson(req);
  if (body === TOO_LARGE)
    return json(res, 413, {
      error: `${request}: the request is over ${MAX_REQUEST_BYTES} bytes (TooLarge)`,
      code: 'TooLarge',
      field: 'request',
      max: MAX_REQUEST_BYTES,
    } satisfies ApiError);
  if (body === undefined) return json(res, 400, { error: 'the body is not JSON' });
  const sizes = checkRequestFields(request, body);
  if (!sizes.ok) {
    const r = sizes.error;
    return json(res, 400, { error: r.message, code: r.code, field: r.field, max: r.max } satisfies ApiError);
  }
  if (path === '/api/login') return login(ctx, req, res, body);
  if (path === '/api/logout') {
    ctx.auth.logout(cookieValue(req.headers.cookie, SESSION_COOKIE));
    res.setHeader('Set-Cookie', clearedCookie);
    return json(res, 200, { role: 'spectator' });
  }
  const op = /^\/api\/operator\/([a-z-]+)$/.exec(path);
  if (op) return operator(ctx, req, res, op[1]!, body);
  if (path === '/api/sim') return simAction(ctx, res, body);
  return json(res, 404, { error: `no POST ${path} here` });
}

async function login(ctx: PostContext, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof b.name !== 'string' || typeof b.password !== 'string') return json(res, 400, { error: 'name and password are needed' });
  const address = req.socket.remoteAddress ?? 'unknown';
  const waitMs = ctx.throttle.waitFor(address, b.name);
  if (waitMs > 0) {
    const retryAfterS = Math.ceil(waitMs / 1000);
    res.setHeader('Retry-After', String(retryAfterS));
    return json(res, 429, {
      error: `too many failed logins: try again in ${retryAfterS} s`,
      code: 'TooManyAttempts',
      retryAfterS,
    } satisfies ApiError);
  }
  const token = await ctx.auth.login(b.name, b.password);
  if (!token) {
    for (const w of ctx.throttle.failed(address, b.name)) ctx.loginWait(w);
    return json(res, 401, { error: 'no operator with that name and password' });
  }
  ctx.throttle.succeeded(address, b.name);
  res.setHeader('Set-Cookie', sessionCookie(token));
  return json(res, 200, { role: 'operator', name: b.name });
}

async function operator(ctx: PostContext, req: IncomingMessage, res: ServerResponse, action: string, body: unknown): Promise<void> {
  if (!ctx.auth.operatorOf(req.headers.cookie)) return json(res, 403, { error: 'operator actions need an operator login' });
  const method = OPERATOR_ROUTES[action as OperatorActionName] as keyof RefereeControl | undefined;
  if (!method) return json(res, 404, { error: `no operator action '${action}'` });
  const control = ctx.control;
  if (!control) return json(res, 503, { error: 'operator actions are not wired into this referee' });
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const answer: ControlAnswer = await control[method](b);
  return answer.ok ? json(res, 200, { ok: true, ...answer.value }) : json(res, 409, { error: answer.error });
}

async function simAction(ctx: PostContext, res: ServerResponse, body: unknown): Promise<void> {
  const sim = ctx.sim;
  if (!sim) return json(res, 404, { error: 'sim play is offered only on the simulated board (--sim)' });
  const action = parseSimAction(body);
  if (typeof action === 'string') return json(res, 400, { error: action });
  const problem = await performSimAction(sim, action, ctx.positionToSetUp());
  ctx.simActed();
  return problem ? json(res, 409, { error: problem }) : json(res, 200, { ok: true, hands: handsOf(sim.board) });
}
