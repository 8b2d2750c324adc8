// Unused exports, and code in src/ that only tests use (issue 23: "nothing under src used only
// by tests"). Reads every TypeScript and JavaScript file of the project with the TypeScript
// parser (no type check, so it takes a second), follows imports, re-exports and `export *`
// to the module that declares each name, and lists each exported value (a function, class,
// constant; types are part of the signatures that use them and are left alone) of src/ that
//   - is used nowhere: no other file imports it and its own file does not use it;
//   - is used only by tests: only files under test/ or bench/ import it, and its own file does not use it.
// A module loaded whole (`import * as`, a dynamic `import()`) counts as using every export;
// so do the entry points listed below, which are loaded by path, not by import.
// A game's rules core (src/games/*/rules/) is a library: its API may be used by tests alone.
// Exit 1 with one line per finding; `--list` prints them without failing.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'test', 'bench', 'scripts', 'bin', 'hardware/referee-board'];
/** Loaded by path (a launcher, a bundler entry, a spawned child), so every export of theirs is in use. */
const ENTRY_POINTS = new Set([
  'src/cli/main.ts',
  'src/web/page/main.ts',
  'src/telemetry/broker-child.ts',
  'src/hardware/avr/flash-main.ts',
]);

/** Imported by the build from dist/ (scripts/build-cli.mjs bundles the page with the server's own options). */
const USED_BY_THE_BUILD = new Set(['src/web/assets.ts#PAGE_BUILD']);

function walk(dir) {
  const out = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'fixtures' && e.name !== 'build') out.push(...walk(p));
    } else if (/\.(ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = SCANNED.flatMap((d) => {
  try {
    return walk(d);
  } catch {
    return [];
  }
});

/** Per file: names it declares as exports, names it re-exports from where, `export *` sources, and what it uses of others. */
const modules = new Map();
const hasExport = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function target(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const p = relative(root, resolve(root, dirname(from), spec))
    .split('\\')
    .join('/');
  return p.replace(/\.js$/, '.ts');
}

for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const m = { declared: new Set(), types: new Set(), reexports: new Map(), stars: [], uses: [], text };
  modules.set(file, m);
  const use = (spec, name) => {
    const t = target(file, spec);
    if (t) m.uses.push({ file: t, name });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      const c = node.importClause;
      if (!c) use(spec, '*');
      else {
        if (c.name) use(spec, 'default');
        const b = c.namedBindings;
        if (b && ts.isNamespaceImport(b)) use(spec, '*');
        if (b && ts.isNamedImports(b)) for (const el of b.elements) use(spec, (el.propertyName ?? el.name).text);
      }
    } else if (ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
      if (!node.exportClause) {
        if (spec) m.stars.push(target(file, spec));
      } else if (ts.isNamedExports(node.exportClause))
        for (const el of node.exportClause.elements) {
          const local = (el.propertyName ?? el.name).text;
          if (spec) m.reexports.set(el.name.text, { file: target(file, spec), name: local });
          else m.declared.add(el.name.text);
        }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const a = node.arguments[0];
      if (a && ts.isStringLiteralLike(a)) use(a.text, '*');
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) collectNames(d.name, m.declared);
      else if (node.name && ts.isIdentifier(node.name)) {
        m.declared.add(node.name.text);
        if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) m.types.add(node.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

function collectNames(name, into) {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) collectNames(el.name, into);
}

/** The module that declares `name` as seen through `file` (following re-exports and `export *`). */
function declarer(file, name, seen = new Set()) {
  const m = modules.get(file);
  if (!m || seen.has(file)) return undefined;
  seen.add(file);
  if (m.declared.has(name)) return { file, name };
  const re = m.reexports.get(name);
  if (re) return declarer(re.file, re.name, seen) ?? { file, name };
  for (const s of m.stars) {
    const d = declarer(s, name, seen);
    if (d) return d;
  }
  return undefined;
}

/** Every name `file` exports, with the module that declares it. */
function exportsOf(file, seen = new Set()) {
  const m = modules.get(file);
  if (!m || seen.has(file)) return [];
  seen.add(file);
  return [
    ...[...m.declared].map((name) => ({ file, name })),
    ...[...m.reexports.values()].map((r) => declarer(r.file, r.name) ?? r),
    ...m.stars.flatMap((s) => exportsOf(s, seen)),
  ];
}

const key = (d) => `${d.file}#${d.name}`;
const usedBy = new Map();
const mark = (d, by) => {
  const k = key(d);
  if (!usedBy.has(k)) usedBy.set(k, new Set());
  usedBy.get(k).add(by);
};
for (const [file, m] of modules) {
  for (const u of m.uses) {
    if (u.name === '*') for (const d of exportsOf(u.file)) mark(d, file);
    else {
      const d = declarer(u.file, u.name);
      if (d) mark(d, file);
    }
  }
  // A re-export used by nobody still leans on its source; what counts is the declaring module.
}

const isTestSide = (f) => f.startsWith('test/') || f.startsWith('bench/');
// A game's rules core is a library with its own API (apply a move to a game record, parse a
// legal move, compare positions): the referee uses part of it and the tests, perft and the
// engines of later work the rest. An export of it used only by tests or benches is that API,
// not test code in src; one used nowhere is still a finding.
const isRulesCore = (f) => /^src\/games\/[^/]+\/rules\//.test(f);
const findings = [];
for (const [file, m] of modules) {
  if (!file.startsWith('src/') || ENTRY_POINTS.has(file)) continue;
  for (const name of m.declared) {
    if (m.types.has(name)) continue;
    // Its own file uses it when the name stands there more than once (the declaration is one).
    const ownUses = (m.text.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')) ?? []).length - 1;
    if (ownUses > 0 || USED_BY_THE_BUILD.has(`${file}#${name}`)) continue;
    const by = [...(usedBy.get(key({ file, name })) ?? [])].filter((f) => f !== file);
    if (by.length === 0) findings.push(`${file}: '${name}' is used nowhere`);
    else if (by.every(isTestSide) && !isRulesCore(file))
      findings.push(`${file}: '${name}' is used only by ${by.slice(0, 2).join(', ')}${by.length > 2 ? ', …' : ''}`);
  }
}
findings.sort();
for (const f of findings) console.log(f);
if (findings.length > 0 && !process.argv.includes('--list')) {
  console.error(`${findings.length} export(s) of src/ unused or used only by tests (scripts/unused-exports.mjs)`);
  process.exit(1);
}
