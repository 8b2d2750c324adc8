/**
 * The yardstick the dashboard's page load is measured against (bench/dashboard.ts): the least
 * a page of the same shape costs in the same Chromium, served by the same kind of server. A
 * node:http server serves an HTML shell like the dashboard's (the same Content-Security-Policy,
 * one stylesheet, one module script); the script draws one SVG circle and notes the page's
 * clock (`performance.now()`, from navigation start) as `window.__minimal.drawnAt`. No
 * WebSocket, no data: what is left is the browser's own cost of a navigation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'";

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>Minimal page</title>
<link rel="stylesheet" href="/style.css">
<script type="module" src="/app.js"></script>
</head>
<body>
<div id="app"></div>
</body>
</html>
`;

const SCRIPT = `const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
svg.setAttribute('viewBox', '0 0 100 100');
const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
c.setAttribute('cx', '50'); c.setAttribute('cy', '50'); c.setAttribute('r', '40');
svg.append(c);
document.getElementById('app').append(svg);
window.__minimal = { drawnAt: performance.now() };
`;

const STYLE = 'body { margin: 0; font-family: system-ui, sans-serif; } svg { width: 200px; }\n';

const FILES: Readonly<Record<string, readonly [string, string]>> = {
  '/': ['text/html; charset=utf-8', HTML],
  '/app.js': ['text/javascript; charset=utf-8', SCRIPT],
  '/style.css': ['text/css; charset=utf-8', STYLE],
};

export class MinimalPage {
  private constructor(private readonly http: Server) {}

  static async start(): Promise<MinimalPage> {
    const http = createServer((req, res) => {
      const file = FILES[new URL(req.url ?? '/', 'http://x').pathname];
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(file[1]);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return new MinimalPage(http);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}/`;
  }

  async stop(): Promise<void> {
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
