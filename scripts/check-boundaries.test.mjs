import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, formatProblem } from './check-boundaries.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tree;

/** Lays out a small repository: `{ 'apps/server/src/x.ts': 'source' }`. */
function layOut(files) {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  return checkBoundaries(tree).map(formatProblem);
}

afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

const ordersModule = {
  'apps/server/src/modules/orders/orders.service.ts': 'export const amountOf = 1;\n',
  'apps/server/src/modules/orders/index.ts': "export { amountOf } from './orders.service';\n",
  'apps/server/src/modules/orders/manifest.ts': "export { amountOf } from './orders.service';\n",
};

describe('server modules', () => {
  it("fails an import into another module's insides and names the public entry to use", () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/tenders/tenders.service.ts':
        "import { amountOf } from '../orders/orders.service';\nexport const x = amountOf;\n",
    });
    expect(problems).toEqual([
      'apps/server/src/modules/tenders/tenders.service.ts:1 imports apps/server/src/modules/orders/orders.service.ts: import another module only through modules/orders/index.ts',
    ]);
  });

  it('counts type-only imports and re-exports as crossing the boundary too', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/tenders/a.ts':
        "import type { amountOf } from '../orders/orders.service';\nexport type X = typeof amountOf;\n",
      'apps/server/src/modules/tenders/b.ts': "export { amountOf } from '../orders/orders.service.js';\n",
    });
    expect(problems).toHaveLength(2);
  });

  it('passes imports through the public entry, and a module (and its tests) reading its own insides', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/tenders/tenders.service.ts': "import { amountOf } from '../orders';\nexport const x = amountOf;\n",
      'apps/server/src/modules/tenders/tenders.repo.ts': "import { x } from './tenders.service';\nexport const y = x;\n",
      'apps/server/src/modules/orders/orders.service.test.ts': "import { amountOf } from './orders.service';\nexport const z = amountOf;\n",
      'apps/server/src/app.ts': "import { amountOf } from './modules/orders/index';\nexport const a = amountOf;\n",
    });
    expect(problems).toEqual([]);
  });

  it('lets only the registry and app.ts import a manifest, and the registry nothing else of a module but its entry', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/index.ts': "export * from './orders/manifest';\nexport { amountOf as a } from './orders/orders.service';\n",
      'apps/server/src/app.ts': "export * from './modules/orders/manifest';\n",
      'apps/server/src/modules/tenders/tenders.service.ts': "export * from '../orders/manifest';\n",
    });
    expect(problems).toEqual([
      'apps/server/src/modules/index.ts:2 imports apps/server/src/modules/orders/orders.service.ts: import another module only through modules/orders/index.ts',
      "apps/server/src/modules/tenders/tenders.service.ts:1 imports apps/server/src/modules/orders/manifest.ts: a module's manifest is imported only by the registry (modules/index.ts) or app.ts",
    ]);
  });

  it('fails code outside the modules that reaches into one, and the platform importing any module', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/db/demo-data/orders.ts':
        "import { amountOf } from '../../modules/orders/orders.service';\nexport const d = amountOf;\n",
      'apps/server/src/platform/resource.ts': "import { amountOf } from '../modules/orders';\nexport const p = amountOf;\n",
    });
    expect(problems).toEqual([
      'apps/server/src/db/demo-data/orders.ts:1 imports apps/server/src/modules/orders/orders.service.ts: import another module only through modules/orders/index.ts',
      'apps/server/src/platform/resource.ts:1 imports apps/server/src/modules/orders/index.ts: platform imports no module',
    ]);
  });
});

describe('web features', () => {
  it("fails an import into another feature's insides and passes one through its index", () => {
    const problems = layOut({
      'apps/web/src/features/listings/labels.ts': 'export const label = 1;\n',
      'apps/web/src/features/listings/index.ts': "export { label } from './labels';\n",
      'apps/web/src/features/trade/orders-page.tsx': "import { label } from '../listings/labels';\nexport const a = label;\n",
      'apps/web/src/features/trade/order-detail.tsx': "import { label } from '../listings';\nexport const b = label;\n",
    });
    expect(problems).toEqual([
      'apps/web/src/features/trade/orders-page.tsx:1 imports apps/web/src/features/listings/labels.ts: import another feature only through features/listings/index.ts',
    ]);
  });

  it("fails the portal, the shell and the app reaching into a feature's insides, lazily too; its index passes", () => {
    const problems = layOut({
      'apps/web/src/features/listings/labels.ts': 'export const label = 1;\n',
      'apps/web/src/features/listings/index.ts': "export { label } from './labels';\n",
      'apps/web/src/portal/home.tsx': "import { label } from '../features/listings/labels';\nexport const c = label;\n",
      'apps/web/src/shell/layout.tsx': "export const page = () => import('../features/listings/labels');\n",
      'apps/web/src/app/router.tsx': "import { label } from '../features/listings';\nexport const r = label;\n",
      'apps/web/src/portal/footer.tsx': "import { label } from '../features/listings/index';\nexport const f = label;\n",
    });
    expect(problems).toEqual([
      'apps/web/src/portal/home.tsx:1 imports apps/web/src/features/listings/labels.ts: the portal, the shell and the app import a feature only through features/listings/index.ts',
      'apps/web/src/shell/layout.tsx:1 imports apps/web/src/features/listings/labels.ts: the portal, the shell and the app import a feature only through features/listings/index.ts',
    ]);
  });
});

describe('server units', () => {
  it('fails db/ and a module importing each other, even through public entries and without a file cycle', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/orders/migrations.ts': "import { withId } from '../../db/database';\nexport const m = withId;\n",
      'apps/server/src/db/database.ts': 'export const withId = 1;\n',
      'apps/server/src/db/migrate.ts': "import { amountOf } from '../modules/orders';\nexport const all = amountOf;\n",
    });
    expect(problems).toEqual([
      'cycle between server units db, modules/orders: apps/server/src/db/migrate.ts -> apps/server/src/modules/orders/index.ts; apps/server/src/modules/orders/migrations.ts -> apps/server/src/db/database.ts',
    ]);
  });

  it('fails a loop through several units: demo data, the registry and a module', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/modules/index.ts': "export { amountOf } from './orders/manifest';\n",
      'apps/server/src/demo/index.ts': "import { amountOf } from '../modules/index';\nexport const d = amountOf;\n",
      'apps/server/src/modules/orders/seed.ts': "import { d } from '../../demo/index';\nexport const s = d;\n",
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^cycle between server units demo, modules \(registry\), modules\/orders: /);
  });

  it('passes layers, type imports back down, and test code on top of everything', () => {
    const problems = layOut({
      ...ordersModule,
      'apps/server/src/db/database.ts':
        "import type { amountOf } from '../modules/orders';\nexport type T = typeof amountOf;\nexport const withId = 1;\n",
      'apps/server/src/modules/orders/migrations.ts': "import { withId } from '../../db/database';\nexport const m = withId;\n",
      'apps/server/src/test/test-app.ts': "import { amountOf } from '../modules/orders';\nexport const app = amountOf;\n",
      'apps/server/src/modules/orders/orders-test-kit.ts': "import { app } from '../../test/test-app';\nexport const kit = app;\n",
      'apps/server/src/db/database.test.ts': "import { amountOf } from '../modules/orders';\nexport const t = amountOf;\n",
    });
    expect(problems).toEqual([]);
  });
});

describe('cycles', () => {
  it('fails a cycle anywhere, including one closed by a lazy import()', () => {
    const problems = layOut({
      'apps/server/src/platform/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'apps/server/src/platform/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'apps/server/src/platform/c.ts': "import { a } from './a';\nexport const c = a;\n",
      'apps/web/src/app/guards.tsx': "export const load = () => import('./token-entry');\nexport const spin = 1;\n",
      'apps/web/src/app/token-entry.tsx': "import { spin } from './guards';\nexport const t = spin;\n",
    });
    expect(problems).toEqual([
      'import cycle: apps/server/src/platform/a.ts -> apps/server/src/platform/b.ts -> apps/server/src/platform/c.ts',
      'import cycle: apps/web/src/app/guards.tsx -> apps/web/src/app/token-entry.tsx',
    ]);
  });

  it('passes a loop closed only by a type import, which is erased at run time', () => {
    const problems = layOut({
      'apps/server/src/platform/a.ts': "import { b } from './b';\nexport const a = b;\nexport type A = string;\n",
      'apps/server/src/platform/b.ts': "import type { A } from './a';\nexport const b: A = 'b';\n",
      'apps/server/src/platform/c.ts': "import { type A } from './a';\nexport const c: A = 'c';\n",
    });
    expect(problems).toEqual([]);
  });
});

describe('the repository', () => {
  it('keeps its module boundaries and has no import cycle', { timeout: 60_000 }, () => {
    expect(checkBoundaries(repoRoot).map(formatProblem)).toEqual([]);
  });
});
