import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../db/database';
import { migrateToLatest } from '../migrations';
import { permissionCatalogue } from '../platform/module';
import { contractEndpoints } from '../test/contract-endpoints';
import { SERVER_MODULES } from './index';

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

const handles: DbHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

describe('the module registry', () => {
  it('lists every module folder with a manifest once, under its folder name', () => {
    const folders = fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory());
    const withManifest = folders.filter((d) => fs.existsSync(path.join(MODULES_DIR, d.name, 'manifest.ts'))).map((d) => d.name);
    const names = SERVER_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(withManifest.sort());
  });

  it('has every permission an endpoint checks declared by a module', async () => {
    const checked = new Set((await contractEndpoints()).flatMap((e) => (typeof e.access === 'object' ? [e.access.permission] : [])));
    const declared = new Set(SERVER_MODULES.flatMap((m) => (m.permissions ?? []).map((p) => p.code)));
    expect([...checked].filter((code) => !declared.has(code))).toEqual([]);
  });

  it('titles every module with permissions and each permission in the three languages, each code claimed once', () => {
    const groups = permissionCatalogue(SERVER_MODULES);
    expect(groups.length).toBeGreaterThan(5);
    for (const group of groups) {
      for (const title of [group.title, ...group.permissions.map((p) => p.title)]) {
        expect(Object.keys(title).sort(), group.module).toEqual(['en-US', 'zh-CN', 'zh-TW']);
        expect(
          Object.values(title).every((text) => text.trim().length > 0),
          group.module,
        ).toBe(true);
      }
    }
  });

  it('brings, through the migrations, every permission code and menu the modules declare', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    handles.push(database);
    await migrateToLatest(database.db, database.dialect);
    const granted = new Set((await database.db.selectFrom('role_permissions').select('auth_code').execute()).map((r) => r.auth_code));
    const menus = new Set((await database.db.selectFrom('menus').select('id').execute()).map((r) => r.id));
    for (const m of SERVER_MODULES) {
      expect({ module: m.name, missing: (m.permissions ?? []).map((p) => p.code).filter((code) => !granted.has(code)) }).toEqual({
        module: m.name,
        missing: [],
      });
      expect({ module: m.name, missing: (m.menus ?? []).filter((id) => !menus.has(id)) }).toEqual({ module: m.name, missing: [] });
    }
  });
});
