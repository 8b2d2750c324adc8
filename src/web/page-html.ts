/**
 * The dashboard's one HTML page: a shell the script fills. Everything it loads is served by
 * the referee process itself (no fonts, scripts or styles from outside the machine), which
 * the Content-Security-Policy also says to the browser. The match's state is preloaded beside
 * the script, so the board is drawn as soon as the script runs, without waiting for the
 * WebSocket's handshake (the page's script asks /api/state for it; the preload has it on the way).
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

export const pageHtml = (): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>Senryaku referee</title>
<link rel="stylesheet" href="/style.css">
<link rel="preload" href="/api/state" as="fetch" crossorigin>
<script type="module" src="/app.js"></script>
</head>
<body>
<noscript>The dashboard needs JavaScript (served by this referee; nothing from outside).</noscript>
<div id="app" aria-live="off"></div>
</body>
</html>
`;
