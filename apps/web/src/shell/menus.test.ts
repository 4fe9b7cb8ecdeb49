import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@portal/contracts/menus';
import { buildMenuModel, frameSource, routePathOf, topOf, withCollect, type MenuModelOptions } from './menus';

function node(id: string, parent: string, extra: Partial<MenuNode> = {}, children: MenuNode[] = []): MenuNode {
  return {
    id,
    parent_id: parent,
    parentId: parent,
    name: id,
    title: id.toUpperCase(),
    sysTitle: '',
    url: children.length ? '' : `/${id}`,
    icon: '',
    hidden: false,
    isHidden: false,
    menu_type: '',
    menu_arg: '',
    app_code: '',
    kind_code: '',
    system_code: '',
    optRight: '',
    otherPrefix: '',
    newparam: '',
    is_keep_alive: '1',
    has_collect: '0',
    style_type: '',
    tempMenuTplId: '',
    ext_field: '',
    search_id: id,
    children,
    ...extra,
  };
}

const known = new Set(['/a1', '/a2', '/b1', '/deep', '/hidden-page', '/x', '/y']);
const opts: MenuModelOptions = { rootName: 'root', lowercaseUrls: false, isAllKeepAlive: true, hasPage: (p) => known.has(p) };

const tree = () => [
  node('a', 'root', {}, [node('a1', 'a', { has_collect: '1' }), node('a2', 'a', { is_keep_alive: '0' })]),
  node('b', 'root', {}, [
    node('b1', 'b', { menu_arg: '{"groupBy":"system"}' }),
    node('bg', 'b', {}, [node('deep', 'bg', { has_collect: '1' }), node('portal', 'bg', { menu_type: 'iframe', url: '/index' })]),
    node('gone', 'b', { url: '/not-a-page' }),
  ]),
  node('h', 'root', { hidden: true }, [node('hidden-page', 'h')]),
];

describe('buildMenuModel', () => {
  it('takes top menus by the root name, leaving hidden ones out, and keeps menusType 1', () => {
    const model = buildMenuModel(tree(), opts);
    expect(model.menusType).toBe(1);
    expect(model.tops.map((n) => n.id)).toEqual(['a', 'b']);
  });

  it('walks children recursively into routes; groups are not routes', () => {
    const model = buildMenuModel(tree(), opts);
    expect([...model.routes.keys()]).toEqual(['/a1', '/a2', '/b1', '/deep', '/iframe/portal', '/hidden-page']);
    expect(model.routes.get('/deep')!.trail.map((n) => n.id)).toEqual(['b', 'bg', 'deep']);
    expect(topOf(model, '/deep')?.id).toBe('b');
    expect(model.routes.has('')).toBe(false);
  });

  it('routes an iframe menu to /iframe/<id> and frames its URL encoded, with menu_arg in the query', () => {
    const model = buildMenuModel(tree(), opts);
    const route = model.byId.get('portal')!;
    expect(route.kind).toBe('iframe');
    expect(route.path).toBe('/iframe/portal');
    const spaced = node('s', 'root', { menu_type: 'iframe', url: '/newsList?type=行业 资讯' });
    expect(frameSource(spaced, { page: 2, nested: { no: 1 } })).toBe('/newsList?type=%E8%A1%8C%E4%B8%9A+%E8%B5%84%E8%AE%AF&page=2');
  });

  it('hands menu_arg to the route and decides keep-alive from the menu and the setting', () => {
    const model = buildMenuModel(tree(), opts);
    expect(model.routes.get('/b1')!.arg).toEqual({ groupBy: 'system' });
    expect(model.routes.get('/a1')!.keepAlive).toBe(true);
    expect(model.routes.get('/a2')!.keepAlive).toBe(false);
    const strict = buildMenuModel(tree(), { ...opts, isAllKeepAlive: false });
    expect(strict.routes.get('/a1')!.keepAlive).toBe(true);
  });

  it('marks a menu whose page the app lacks as unknown: no route, its path goes to /', () => {
    const model = buildMenuModel(tree(), opts);
    expect(model.byId.get('gone')!.kind).toBe('unknown');
    expect(model.routes.has('/not-a-page')).toBe(false);
    expect(model.unknownPaths.has('/not-a-page')).toBe(true);
    expect(model.leaves.map((r) => r.menu.id)).not.toContain('gone');
  });

  it('keeps hidden menus routable but out of the search list', () => {
    const model = buildMenuModel(tree(), opts);
    expect(model.routes.has('/hidden-page')).toBe(true);
    expect(model.leaves.map((r) => r.menu.id)).toEqual(['a1', 'a2', 'b1', 'deep', 'portal']);
  });

  it('treats menus without any top under the root name as "no root" (menusType 0)', () => {
    const model = buildMenuModel([node('x', 'sys'), node('g', 'sys', {}, [node('y', 'g')])], opts);
    expect(model.menusType).toBe(0);
    expect(model.tops).toEqual([]);
    expect([...model.routes.keys()]).toEqual(['/x', '/y']);
    expect(model.leaves.map((r) => r.menu.id)).toEqual(['x', 'y']);
    const onlyHidden = buildMenuModel([node('h', 'root', { hidden: true }, [node('x', 'h')])], opts);
    expect(onlyHidden.menusType).toBe(0);
  });

  it('honours another root name and lower-case URLs', () => {
    const model = buildMenuModel([node('t', 'ROOT', {}, [node('Y', 't', { url: '/Y' })])], {
      ...opts,
      rootName: 'ROOT',
      lowercaseUrls: true,
    });
    expect(model.menusType).toBe(1);
    expect(model.routes.has('/y')).toBe(true);
    expect(routePathOf(node('q', 'r', { url: '/A/B?x=1' }), true)).toBe('/a/b');
  });

  it('collects favourites per group and toggles has_collect in a new tree', () => {
    const model = buildMenuModel(tree(), opts);
    expect([...model.collections.entries()].map(([g, routes]) => [g, routes.map((r) => r.menu.id)])).toEqual([
      ['a', ['a1']],
      ['b', ['deep']],
    ]);
    const before = tree();
    const after = withCollect(before, 'b1', true);
    expect(before[1]!.children[0]!.has_collect).toBe('0');
    expect(
      buildMenuModel(after, opts)
        .collections.get('b')!
        .map((r) => r.menu.id),
    ).toEqual(['b1', 'deep']);
  });
});
