// Import circles under src/ (issue 23: "no import circles"): reads every TypeScript file's
// imports and re-exports (type-only ones too: a circle of types is still two files that
// cannot be understood apart) with the TypeScript parser, and lists each strongly connected
// group of files with the imports that tie it. Exit 1 when there is one.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return walk(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const files = walk('src');
const known = new Set(files);
const edges = new Map(files.map((f) => [f, new Set()]));
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const add = (spec) => {
    if (!spec.startsWith('.')) return;
    const target = relative(root, resolve(root, dirname(file), spec))
      .split('\\')
      .join('/');
    if (known.has(target) && target !== file) edges.get(file).add(target);
  };
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(node.arguments[0]))
      add(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const info = new Map();
const groups = [];
function connect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v)) {
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const f of files) if (!info.has(f)) connect(f);

for (const group of groups) {
  console.log(`circle of ${group.length} files:`);
  for (const f of group) for (const t of edges.get(f)) if (group.includes(t)) console.log(`  ${f} -> ${t}`);
}
if (groups.length > 0) {
  console.error(`${groups.length} import circle(s) under src/ (scripts/import-cycles.mjs)`);
  process.exit(1);
}
