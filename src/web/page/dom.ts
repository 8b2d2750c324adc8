/// <reference lib="dom" />
/** Small DOM helpers for the dashboard page: no framework, just elements and SVG. */

type Attrs = Readonly<Record<string, string | number | boolean | undefined>>;
type Child = Node | string | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children) if (c !== undefined && c !== false) el.append(c);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  for (const c of children) if (c !== undefined && c !== false) el.append(c);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id} on the page`);
  return el as T;
}

/** A side as the game names it, capitalised: White, Black, Light, Dark. */
export const sideName = (side: string): string => side.charAt(0).toUpperCase() + side.slice(1);

/** Wall clock now, ms since the epoch (the same clock as the server's Date.now on this machine). */
export const wallMs = (): number => performance.timeOrigin + performance.now();

export async function postJson(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await res.json()) as Record<string, unknown>;
  } catch {
    parsed = { error: `HTTP ${res.status}` };
  }
  return { status: res.status, body: parsed };
}
