// State columns change through one helper only, checked on every `npm run lint`:
// the state machines are declared with defineMachine (table, id column, state column, transitions);
// no service, repository or other server code but apps/server/src/platform/transitions.ts may write a
// machine's state column, whether by an update's set, an insert's values, an upsert's update or raw
// SQL. An update of a state table must name its columns (an object written out) or take a patch
// typed Stateless<Table, 'state column'>, so that nobody can pass the state through it; a call of
// the helper must not write another machine's state column of the same table on the side.
// The rules read the source with TypeScript's own parser; nothing is built or run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { listSources as listAll } from './check-boundaries.mjs';

const MACHINE_ROOTS = ['packages/contracts/src', 'apps/server/src'];
/** Where services and repositories live: every module and the platform. */
const CHECKED_ROOTS = ['apps/server/src/modules', 'apps/server/src/platform'];
const HELPER = 'apps/server/src/platform/transitions.ts';
const HELPER_CALLS = new Set(['move', 'moveIfAllowed', 'moveEach', 'create', 'createOrMove']);
const STATELESS_TYPES = new Set(['Stateless', 'StatelessRow']);

/** The TypeScript sources under `dir`. */
const listSources = (dir) => listAll(dir).filter((file) => file.endsWith('.ts'));

/** Tests and their fixtures set records up as they like; the rules are for the code that runs. */
const isTestCode = (rel) => /\.test\.ts$|\.fixture\.ts$|test-kit\.ts$/.test(rel) || rel.startsWith('apps/server/src/test/');

const parse = (file) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const textOf = (node) => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined);
const propertyName = (p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined);

/** Every `defineMachine({ name, table, state })` of the tree: the state columns of each table, and each machine by variable name. */
export function readMachines(root) {
  const columns = new Map();
  const byVariable = new Map();
  for (const file of MACHINE_ROOTS.flatMap((dir) => listSources(path.join(root, dir)))) {
    if (isTestCode(path.relative(root, file).split(path.sep).join('/'))) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineMachine') {
        const spec = node.arguments[0];
        if (spec && ts.isObjectLiteralExpression(spec)) {
          const field = (name) => {
            const p = spec.properties.find((x) => ts.isPropertyAssignment(x) && propertyName(x) === name);
            return p ? textOf(p.initializer) : undefined;
          };
          const table = field('table');
          const state = field('state');
          if (table && state) {
            if (!columns.has(table)) columns.set(table, new Set());
            columns.get(table).add(state);
            let owner = node.parent;
            while (owner && !ts.isVariableDeclaration(owner)) owner = owner.parent;
            if (owner && ts.isIdentifier(owner.name)) byVariable.set(owner.name.text, table);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return { columns, byVariable };
}

/** The table a builder call names: `updateTable('listings as l')` -> listings. */
const tableOf = (call) => {
  const arg = call.arguments[0];
  const text = arg ? textOf(arg) : undefined;
  return text?.split(/\s+as\s+/i)[0]?.trim();
};
const methodOf = (call) => (ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined);

/** The declaration an identifier names in its file (a parameter or a variable), when there is one. */
function declarationOf(identifier) {
  for (let scope = identifier.parent; scope; scope = scope.parent) {
    if ((ts.isFunctionLike(scope) || ts.isArrowFunction(scope)) && scope.parameters) {
      const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text);
      if (parameter) return parameter;
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const found = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === identifier.text);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** True when a type names Stateless<..., K> (or StatelessRow) whose K covers every one of `states`. */
function typedStateless(type, states) {
  if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || !STATELESS_TYPES.has(type.typeName.text)) return false;
  const omitted = type.typeArguments?.[1];
  if (!omitted) return false;
  const literals = ts.isUnionTypeNode(omitted) ? omitted.types : [omitted];
  const names = new Set(literals.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : [])));
  return [...states].every((s) => names.has(s));
}

/**
 * The columns an expression written to a table sets, as far as the source shows them:
 * `{ keys, unknown }`, unknown when some of them cannot be seen (a spread, a value from elsewhere)
 * and the value is not typed without the table's states.
 */
function columnsOf(expr, states, depth = 0) {
  const none = { keys: [], unknown: false };
  if (!expr || depth > 6) return { keys: [], unknown: true };
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression?.(expr) || ts.isNonNullExpression(expr))
    return columnsOf(expr.expression, states, depth + 1);
  if (ts.isObjectLiteralExpression(expr)) {
    const out = { keys: [], unknown: false };
    for (const p of expr.properties) {
      if (ts.isSpreadAssignment(p)) {
        const inner = columnsOf(p.expression, states, depth + 1);
        out.keys.push(...inner.keys);
        out.unknown ||= inner.unknown;
      } else {
        const name = propertyName(p);
        if (name) out.keys.push(name);
        else out.unknown = true;
      }
    }
    return out;
  }
  if (ts.isArrayLiteralExpression(expr)) {
    const parts = expr.elements.map((e) => columnsOf(e, states, depth + 1));
    return { keys: parts.flatMap((p) => p.keys), unknown: parts.some((p) => p.unknown) };
  }
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) {
    if (ts.isBlock(expr.body)) {
      const returns = [];
      const visit = (node) => {
        if (ts.isReturnStatement(node)) returns.push(node.expression);
        else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
      };
      visit(expr.body);
      const parts = returns.map((r) => columnsOf(r, states, depth + 1));
      return { keys: parts.flatMap((p) => p.keys), unknown: parts.length === 0 || parts.some((p) => p.unknown) };
    }
    return columnsOf(expr.body, states, depth + 1);
  }
  if (ts.isConditionalExpression(expr)) {
    const a = columnsOf(expr.whenTrue, states, depth + 1);
    const b = columnsOf(expr.whenFalse, states, depth + 1);
    return { keys: [...a.keys, ...b.keys], unknown: a.unknown || b.unknown };
  }
  if (ts.isCallExpression(expr) && methodOf(expr) === 'map' && expr.arguments[0]) return columnsOf(expr.arguments[0], states, depth + 1);
  if (ts.isIdentifier(expr)) {
    const declaration = declarationOf(expr);
    if (declaration && typedStateless(declaration.type, states)) return none;
    if (declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && declaration.initializer)
      return columnsOf(declaration.initializer, states, depth + 1);
    return { keys: [], unknown: true };
  }
  if (ts.isPropertyAccessExpression(expr)) {
    // A field of a parameter typed without the states (`change.set` of the helper's own Move).
    return { keys: [], unknown: true };
  }
  return { keys: [], unknown: true };
}

/** The calls chained after `call` (`updateTable(...).set(...).where(...)`), outermost last. */
function chainAfter(call) {
  const chain = [];
  let node = call;
  while (node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.parent && ts.isCallExpression(node.parent.parent)) {
    node = node.parent.parent;
    chain.push(node);
  }
  return chain;
}

/** The problems of one file: each a write of a state column outside the helper. */
function checkFile(file, rel, machines) {
  const source = parse(file);
  const problems = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const report = (node, table, what) => problems.push({ file: rel, line: lineOf(node), table, what });
  const judge = (node, table, expr, verb) => {
    const states = machines.columns.get(table);
    const { keys, unknown } = columnsOf(expr, states);
    for (const key of keys) if (states.has(key)) report(node, table, `${verb} its state column ${key}`);
    if (!unknown) return;
    const typed = `Stateless<…, ${[...states].map((s) => `'${s}'`).join(' | ')}>`;
    report(
      node,
      table,
      `${verb} columns the check cannot see (${verb.startsWith('an insert') ? "a new row is made by the helper's create()" : `write them out, or type the patch ${typed}`})`,
    );
  };

  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const method = methodOf(node);
      const table = method === 'updateTable' || method === 'insertInto' ? tableOf(node) : undefined;
      if (table && machines.columns.has(table)) {
        for (const step of chainAfter(node)) {
          const name = methodOf(step);
          if (method === 'updateTable' && name === 'set') judge(step, table, step.arguments[0], 'an update sets');
          if (method === 'insertInto' && name === 'values') judge(step, table, step.arguments[0], 'an insert writes');
          if (method === 'insertInto' && name === 'onConflict') {
            const inner = (n) => {
              if (ts.isCallExpression(n) && methodOf(n) === 'doUpdateSet') judge(n, table, n.arguments[0], 'an upsert sets');
              ts.forEachChild(n, inner);
            };
            inner(step.arguments[0]);
          }
        }
      }
      if (ts.isIdentifier(node.expression) && node.expression.text === 'createTableRepo') {
        const spec = node.arguments[1];
        const tableProp = spec && ts.isObjectLiteralExpression(spec) && spec.properties.find((p) => propertyName(p) === 'table');
        const named = tableProp && ts.isPropertyAssignment(tableProp) ? textOf(tableProp.initializer) : undefined;
        if (named && machines.columns.has(named))
          report(node, named, 'a back-office resource writes it (its states change through the helper only)');
      }
      // The helper's own calls: no other machine's state column of the table on the side.
      const callee = ts.isIdentifier(node.expression) ? node.expression.text : undefined;
      const machine = node.arguments[1];
      if (callee && HELPER_CALLS.has(callee) && machine && ts.isIdentifier(machine) && machines.byVariable.has(machine.text)) {
        const table = machines.byVariable.get(machine.text);
        const states = machines.columns.get(table);
        const written = [];
        for (const arg of node.arguments.slice(3)) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          written.push(...columnsOf(arg, states).keys);
          const set = arg.properties.find((p) => propertyName(p) === 'set');
          if (set && ts.isPropertyAssignment(set)) written.push(...columnsOf(set.initializer, states).keys);
        }
        for (const key of written) if (states.has(key)) report(node, table, `a ${callee}() writes the state column ${key} on the side`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((s) => s.literal.text)].join(' ? ');
      for (const [table, states] of machines.columns) {
        for (const state of states) {
          const update = new RegExp(`\\bupdate\\s+"?${table}"?\\b[\\s\\S]*\\bset\\b[\\s\\S]*\\b${state}\\b\\s*=`, 'i');
          const insert = new RegExp(`\\binsert\\s+into\\s+"?${table}"?\\s*\\([^)]*\\b${state}\\b`, 'i');
          if (update.test(text) || insert.test(text)) report(node, table, `raw SQL writes its state column ${state}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** Checks the tree under `root` (the repository, or a fixture laid out like it): every write of a state column outside the helper. */
export function checkTransitions(root) {
  const machines = readMachines(root);
  const problems = [];
  for (const file of CHECKED_ROOTS.flatMap((dir) => listSources(path.join(root, dir))).sort()) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel === HELPER || isTestCode(rel)) continue;
    problems.push(...checkFile(file, rel, machines));
  }
  return problems;
}

export function formatProblem(p) {
  return `${p.file}:${p.line} ${p.table}: ${p.what}; a state changes through ${HELPER} only`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkTransitions(root);
  for (const problem of problems) console.error(formatProblem(problem));
  if (problems.length > 0) {
    console.error(`${problems.length} state write(s) outside the transitions helper.`);
    process.exitCode = 1;
  }
}
