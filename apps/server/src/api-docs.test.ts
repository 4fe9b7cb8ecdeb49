import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The API reference /api-docs serves is a valid OpenAPI document: integrators' tools read it, and
 * a typed client generated from it compiles.
 */
let t: TestApp;
let document: Record<string, unknown>;
let workDir = '';

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  const res = await t.app.inject({ method: 'GET', url: '/api-docs/json' });
  expect(res.statusCode).toBe(200);
  document = JSON.parse(res.body) as Record<string, unknown>;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-client-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the API reference', () => {
  it('passes an OpenAPI validator, every reference resolving', async () => {
    // The validator dereferences in place; it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const paths = Object.keys(document.paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/omc/submitLogin', '/omc/api/user/get_menu_list', '/listing/ws/listing/save']));
  });

  it('names every schema it refers to under components, as served', () => {
    // A reference the served document cannot resolve by itself breaks generators that read it as it
    // is (a self-referring answer once pointed at a components.schemas entry that was never written).
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else walk(value);
        }
      }
    };
    walk(document);
    const unresolved = [...refs].filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let at: unknown = document;
      for (const part of ref.slice(2).split('/')) {
        const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
        at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
      }
      return at === undefined;
    });
    expect(refs.size).toBeGreaterThan(0);
    expect(unresolved).toEqual([]);
  });

  it('gives a typed client that compiles', { timeout: 120_000 }, async () => {
    const generated = astToString(await openapiTS(structuredClone(document) as never));
    fs.writeFileSync(path.join(workDir, 'api.d.ts'), generated);
    // A client written against the generated types: a body, a nested answer and a recursive one.
    fs.writeFileSync(
      path.join(workDir, 'client.ts'),
      `import type { paths } from './api';
type Json<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;
type Body<P extends keyof paths> = paths[P]['post'] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export const login: Body<'/omc/submitLogin'> = { account: 'buyer01', password: 'x' };
export const save: Body<'/listing/ws/listing/save'> = {
  varietyCode: 'A', goodsSkuName: 'coal', marketCode: 'M01', listingType: 'A', singlePrice: 1, objListingNum: 1, objMinNum: 1,
  objListingDay: 1, objPeriodDay: 1, transportWay: 'A', paymentType: '2', deliveryPlace: 'here',
};
export function firstMenuTitle(answer: Json<'/omc/api/user/get_menu_list', 'get'>): string | undefined {
  return answer.data?.[0]?.children?.[0]?.title;
}
`,
    );
    const program = ts.createProgram([path.join(workDir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: false,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
