import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSizes } from './check-sizes.mjs';

let tree;

/** Lays out a small repository and checks it: `{ 'apps/server/src/x.ts': 'source' }`. */
function check(files, allowed = {}) {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'sizes-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  return checkSizes(tree, allowed).map((p) => `${p.file}:${p.line} ${p.message}`);
}

const lines = (n, text = 'x;') => Array.from({ length: n }, () => text).join('\n') + '\n';
const fn = (name, bodyLines) => `export function ${name}() {\n${lines(bodyLines, '  call();')}}\n`;

afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

describe('the size check', () => {
  it('fails a file over 400 lines and a function over 120 lines, and passes what is within', () => {
    expect(check({ 'apps/server/src/a.ts': lines(400), 'apps/web/src/b.tsx': fn('B', 118) })).toEqual([]);
    expect(check({ 'apps/server/src/a.ts': lines(401) })).toEqual(['apps/server/src/a.ts:1 401 lines, more than 400']);
    expect(check({ 'packages/contracts/src/c.ts': fn('tooLong', 120) })).toEqual([
      'packages/contracts/src/c.ts:1 function tooLong has 122 lines of its own, more than 120',
    ]);
  });

  it("counts a factory's own lines without the functions written inside it", () => {
    const factory = `export function createX() {\n${fn('one', 100).replace('export ', '')}${fn('two', 100).replace('export ', '')}  return { one, two };\n}\n`;
    expect(check({ 'apps/server/src/x.ts': factory })).toEqual([]);
  });

  it('exempts migrations and demo data, and the function limit in tests, but not the file limit in tests', () => {
    expect(
      check({
        'apps/server/src/modules/orders/migrations/110-orders.ts': lines(500),
        'apps/server/src/demo/trading.ts': fn('loadDemo', 300),
        'apps/server/src/modules/orders/place.test.ts': `describe('x', () => {\n${lines(300, '  it();')}});\n`,
      }),
    ).toEqual([]);
    expect(check({ 'apps/server/src/modules/orders/place.test.ts': lines(401) })).toEqual([
      'apps/server/src/modules/orders/place.test.ts:1 401 lines, more than 400',
    ]);
  });

  it('lets an allowed file pass, and fails an allowance no longer needed', () => {
    expect(check({ 'apps/web/src/page.tsx': lines(500) }, { 'apps/web/src/page.tsx': 'not split yet' })).toEqual([]);
    expect(check({ 'apps/web/src/page.tsx': lines(10) }, { 'apps/web/src/page.tsx': 'not split yet' })).toEqual([
      'scripts/check-sizes.mjs:1 apps/web/src/page.tsx is within the limits now: take it off ALLOWED',
    ]);
  });
});
