// Module boundaries, checked on every `npm run lint`:
// - a server module imports another module only through `modules/<other>/index.ts`; a manifest
//   (`modules/<name>/manifest.ts`) is imported only by the registry `modules/index.ts` or `app.ts`;
// - code outside the modules (app.ts, db/, scripts beside them) uses a module's public entry too,
//   and platform/ imports no module at all (code outside the modules may also use a module's
//   library folder through its own index, `modules/<name>/<library>/index.ts`);
// - a web feature imports another feature only through `features/<other>/index.ts`, and so do the
//   portal, the shell and the app around them;
// - no import cycles, server, web or contracts (a type-only import is erased at run time, so it
//   cannot close a cycle and is not followed);
// - no cycle between the server's units either: each module, the module registry, platform/, db/,
//   demo/, test/ and every other folder or top-level file is one unit, and the units stand in
//   layers (db/ below the modules, the demo data above them). Test code (tests, test kits,
//   fixtures, test/ and faults/) is left out: it sits on top of what it tests.
// The rules read the import statements with TypeScript's own parser; nothing is built or run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs'];
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];

/** Every source file under `dir` (absolute paths), skipping build output and dependencies. */
export function listSources(dir) {
  const found = [];
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listSources(full));
    else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** True when the import brings in types only, so nothing of the target is loaded at run time. */
function isTypeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      !!bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  return false;
}

/** The module specifiers a file names: static imports, re-exports and `import()` calls. */
export function readImports(file, text = fs.readFileSync(file, 'utf8')) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const imports = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: isTypeOnly(node),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      imports.push({
        specifier: node.arguments[0].text,
        typeOnly: false,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

/** The file a relative specifier names (`./x.js` -> `./x.ts`, a folder -> its index), or undefined. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => stem + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Where a file sits: which app, which module or feature, and the path inside it. */
function place(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  let match = rel.match(/^apps\/server\/src\/modules\/([^/]+)\/(.+)$/);
  if (match) return { rel, app: 'server', module: match[1], inner: match[2] };
  match = rel.match(/^apps\/web\/src\/features\/([^/]+)\/(.+)$/);
  if (match) return { rel, app: 'web', feature: match[1], inner: match[2] };
  return { rel, app: rel.startsWith('apps/server/') ? 'server' : rel.startsWith('apps/web/') ? 'web' : 'other' };
}

/** The web code around the features: it may use a feature only through its public entry. */
const WEB_FRAME = /^apps\/web\/src\/(portal|shell|app)(\/|\.tsx?$)/;

const SERVER_REGISTRIES = new Set(['apps/server/src/modules/index.ts', 'apps/server/src/app.ts']);
const isEntry = (inner) => /^index\.tsx?$/.test(inner);
const isLibraryEntry = (inner) => /^[^/]+\/index\.tsx?$/.test(inner);
const isManifest = (inner) => /^manifest\.tsx?$/.test(inner);

/** The boundary rule an import breaks, or undefined when it is allowed. */
function boundaryViolation(from, to) {
  if (to.app === 'server' && to.module !== undefined && from.module !== to.module) {
    if (from.rel.startsWith('apps/server/src/platform/')) return 'platform imports no module';
    if (isManifest(to.inner))
      return SERVER_REGISTRIES.has(from.rel)
        ? undefined
        : `a module's manifest is imported only by the registry (modules/index.ts) or app.ts`;
    // A library folder of a module with an index of its own (the contracts' signing core) is a
    // public entry too, for the commands and other code outside the modules.
    if (from.module === undefined && isLibraryEntry(to.inner)) return undefined;
    if (!isEntry(to.inner)) return `import another module only through modules/${to.module}/index.ts`;
  }
  if (to.app === 'web' && to.feature !== undefined && from.feature !== undefined && from.feature !== to.feature) {
    if (!isEntry(to.inner)) return `import another feature only through features/${to.feature}/index.ts`;
  }
  if (to.app === 'web' && to.feature !== undefined && WEB_FRAME.test(from.rel) && !isEntry(to.inner)) {
    return `the portal, the shell and the app import a feature only through features/${to.feature}/index.ts`;
  }
  return undefined;
}

/** Strongly connected groups of more than one file (or a file importing itself): the import cycles. */
function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  // Iterative Tarjan, so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edges: [...(graph.get(start) ?? [])], next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.edges.length) {
        const target = frame.edges[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edges: [...(graph.get(target) ?? [])], next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

/**
 * Test code: tests, the kits and fixtures beside them, the server's test/ and faults/ folders. It
 * stands on top of everything it tests, so the layering of the units leaves it out.
 */
const isTest = (rel) =>
  /\.(test|fixture)\.[cm]?[jt]sx?$/.test(rel) || /-test-kit\.[cm]?[jt]sx?$/.test(rel) || /^apps\/server\/src\/(test|faults)\//.test(rel);

/** The server unit a file belongs to (`modules/orders`, `db`, `app.ts`), or undefined outside the server. */
export function serverUnit(rel) {
  const match = rel.match(/^apps\/server\/src\/(.+)$/);
  if (!match) return undefined;
  const parts = match[1].split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (parts[0] === 'modules') return 'modules (registry)';
  return parts[0];
}

/** Cycles between server units, each with one import that makes each of its steps. */
function unitCycles(fileEdges) {
  const graph = new Map();
  const example = new Map();
  for (const [from, targets] of fileEdges) {
    const a = serverUnit(from);
    if (a === undefined || isTest(from)) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    for (const to of targets) {
      const b = serverUnit(to);
      if (b === undefined || b === a || isTest(to)) continue;
      graph.get(a).add(b);
      if (!example.has(`${a} ${b}`)) example.set(`${a} ${b}`, `${from} -> ${to}`);
    }
  }
  return findCycles(graph).map((units) => {
    const members = new Set(units);
    const steps = [...example]
      .filter(([pair]) => {
        const [a, b] = pair.split(' ');
        return members.has(a) && members.has(b);
      })
      .map(([, edge]) => edge);
    return { kind: 'unit-cycle', units, steps };
  });
}

/**
 * Checks the tree under `root` (the repository, or a fixture laid out like it) and returns the
 * broken rules: `{ kind: 'boundary', file, line, target, rule }`, `{ kind: 'cycle', files }` and
 * `{ kind: 'unit-cycle', units, steps }`.
 */
export function checkBoundaries(root) {
  const files = ROOTS.flatMap((dir) => listSources(path.join(root, dir))).sort();
  const problems = [];
  const graph = new Map();
  for (const file of files) {
    const from = place(root, file);
    const edges = new Set();
    graph.set(from.rel, edges);
    for (const { specifier, typeOnly, line } of readImports(file)) {
      const resolved = resolveRelative(file, specifier);
      if (!resolved) continue;
      const to = place(root, resolved);
      if (!typeOnly) edges.add(to.rel);
      const rule = boundaryViolation(from, to);
      if (rule) problems.push({ kind: 'boundary', file: from.rel, line, target: to.rel, rule });
    }
  }
  for (const group of findCycles(graph)) problems.push({ kind: 'cycle', files: group });
  problems.push(...unitCycles(graph));
  return problems;
}

/** One line per problem, the way a terminal shows it. */
export function formatProblem(problem) {
  if (problem.kind === 'cycle') return `import cycle: ${problem.files.join(' -> ')}`;
  if (problem.kind === 'unit-cycle') {
    return `cycle between server units ${problem.units.join(', ')}: ${problem.steps.slice(0, 6).join('; ')}`;
  }
  return `${problem.file}:${problem.line} imports ${problem.target}: ${problem.rule}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkBoundaries(root);
  for (const problem of problems) console.error(formatProblem(problem));
  if (problems.length > 0) {
    console.error(`${problems.length} module boundary problem(s).`);
    process.exitCode = 1;
  }
}
