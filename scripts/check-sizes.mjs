// Sizes, checked on every `npm run lint`: a source file holds at most 400 lines and a function at
// most 120 of its own, so each file can be read as one thing and each function at one sitting.
// - A function's own lines leave out the functions written inside it: a factory that returns a
//   set of commands is measured command by command, like a class's methods.
// - Test files keep the file limit; a `describe` callback is a list of cases, not a function to
//   read at one sitting, so the function limit does not apply to them.
// - Data, migrations and texts (demo records, schema steps, table types, message catalogues) are
//   exempt by where they live: they are read entry by entry, not top to bottom.
// - The few other files still over a limit are named in ALLOWED with the reason; an entry that
//   no longer needs its place is reported too, so the list only shrinks.
// The rules read the source with TypeScript's own parser; nothing is built or run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { listSources } from './check-boundaries.mjs';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];

/** Data, migrations and texts: exempt wherever they are. */
const DATA_PATHS = [/^apps\/server\/src\/(.+\/)?migrations\//, /^apps\/server\/src\/demo\//, /^apps\/server\/src\/db\/schema\.ts$/];

/** Files still over a limit, each with the reason it stays for now. Trading modules have none. */
export const ALLOWED = {
  // Texts: the error catalogue, one entry per code in three languages.
  'packages/contracts/src/errors.ts': 'the error catalogue (texts)',
  // Texts: the message kinds with their titles and bodies in three languages.
  'packages/contracts/src/messages.ts': 'the message catalogue (texts)',
  // Data: one fixture per raced endpoint for the concurrency sweep.
  'apps/server/src/test/race-fixtures.ts': 'one fixture per raced endpoint (data)',
  // Wire contracts: one schema per endpoint of the area; they are split per command with the
  // contracts work that the rules move into packages/contracts.
  'packages/contracts/src/auction-trade.ts': 'endpoint schemas of the area, split with the contracts work',
  'packages/contracts/src/tender-trade.ts': 'endpoint schemas of the area, split with the contracts work',
  'packages/contracts/src/admin-content.ts': 'endpoint schemas of the area, split with the contracts work',
  // Outside the trading modules, left for their own turn.
  'apps/server/src/settings.ts': 'the catalogue of settings, one entry per environment variable: data',
  'apps/server/src/app.ts': 'buildApp wires the platform in one function (121 lines), not split yet',
  'apps/server/src/db/backup.ts': 'backup and restore in one file, not split yet',
  'apps/server/src/platform/metrics.ts': 'one factory declaring every gauge, not split yet',
  'apps/server/src/modules/admin-content/content.routes.test.ts': 'one test file of a non-trading module, not split yet',
  'apps/server/src/modules/admin-system/system.routes.test.ts': 'one test file of a non-trading module, not split yet',
  'apps/server/src/modules/auth/auth.routes.test.ts': 'one test file of a non-trading module, not split yet',
  'apps/server/src/modules/registration/registration.routes.test.ts': 'one test file of a non-trading module, not split yet',
  // Web forms and pages written as one component; the web layout work splits them into a data
  // hook and parts.
  'apps/web/src/features/account/login-page.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/account/register-modal.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/listings/order-box.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/tender-trade/tender-form.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/auction-trade/auction-space-form.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/trade/listing-form.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/shared/resource/resource-page.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/shell/shell-layout.tsx': 'one component per page, split with the web layout work',
  'apps/web/src/features/auctions/room/room-head.tsx': 'one component per page, split with the web layout work',
};

const isTest = (rel) => /\.test\.(ts|tsx|mjs)$/.test(rel);

/** The lines a function covers, without those of the functions written inside it. */
function ownLines(node, sf) {
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const lines = new Set();
  for (let l = lineOf(node.getStart(sf)); l <= lineOf(node.end); l++) lines.add(l);
  const dropInner = (n) => {
    if (ts.isFunctionLike(n) && n.body) {
      for (let l = lineOf(n.getStart(sf)); l <= lineOf(n.end); l++) lines.delete(l);
      return;
    }
    ts.forEachChild(n, dropInner);
  };
  ts.forEachChild(node.body, dropInner);
  // A nested function can share its first line with the outer code that calls or names it.
  return lines.size;
}

const nameOf = (node, sf) => {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText(sf);
  return '(anonymous)';
};

/** Every size problem under `root` (a repository), as `{ file, line, message }`. */
export function checkSizes(root, allowed = ALLOWED) {
  const problems = [];
  const offending = new Set();
  for (const dir of ROOTS) {
    for (const file of listSources(path.join(root, dir))) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (DATA_PATHS.some((re) => re.test(rel))) continue;
      const text = fs.readFileSync(file, 'utf8');
      const found = [];
      const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lineCount > MAX_FILE_LINES) found.push({ file: rel, line: 1, message: `${lineCount} lines, more than ${MAX_FILE_LINES}` });
      if (!isTest(rel)) {
        const kind = rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
        const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
        const visit = (node) => {
          if (ts.isFunctionLike(node) && node.body) {
            const own = ownLines(node, sf);
            if (own > MAX_FUNCTION_LINES) {
              const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
              found.push({
                file: rel,
                line,
                message: `function ${nameOf(node, sf)} has ${own} lines of its own, more than ${MAX_FUNCTION_LINES}`,
              });
            }
          }
          ts.forEachChild(node, visit);
        };
        visit(sf);
      }
      if (found.length === 0) continue;
      offending.add(rel);
      if (!(rel in allowed)) problems.push(...found);
    }
  }
  for (const rel of Object.keys(allowed)) {
    if (!offending.has(rel))
      problems.push({ file: 'scripts/check-sizes.mjs', line: 1, message: `${rel} is within the limits now: take it off ALLOWED` });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkSizes(root);
  for (const p of problems) console.error(`${p.file}:${p.line} ${p.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} size problem(s): split the file or function by what it does.`);
    process.exit(1);
  }
}
