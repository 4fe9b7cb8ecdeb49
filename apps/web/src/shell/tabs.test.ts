import { describe, expect, it } from 'vitest';
import { HOME_PATH, closeAll, closeOthers, closeView, homeView, keepAliveIds, openView, restoreViews, type TabView } from './tabs';

const home = homeView('首页');
const tab = (id: string): TabView => ({ name: id, path: `/${id}`, id });

describe('tab bar rules', () => {
  it('always starts with the home tab at /mainIndex', () => {
    expect(openView([], tab('a'), 10, home)).toEqual([home, tab('a')]);
    expect(openView([tab('a')], tab('b'), 10, home)[0]).toEqual(home);
    expect(home.path).toBe(HOME_PATH);
  });

  it('keeps tabs unique by path; an open tab keeps its place', () => {
    let views = openView([home], tab('a'), 10, home);
    views = openView(views, tab('b'), 10, home);
    views = openView(views, { ...tab('a'), name: 'renamed' }, 10, home);
    expect(views.map((v) => v.path)).toEqual([HOME_PATH, '/a', '/b']);
    expect(views[1]!.name).toBe('renamed');
    expect(openView(views, homeView('x'), 10, home)).toHaveLength(3);
  });

  it('closes the oldest non-home tab past the limit', () => {
    let views = [home];
    for (const id of ['a', 'b', 'c', 'd']) views = openView(views, tab(id), 4, home);
    expect(views.map((v) => v.id)).toEqual(['home', 'b', 'c', 'd']);
  });

  it('closes one tab but never home; closing the active one activates its neighbour', () => {
    const views = [home, tab('a'), tab('b'), tab('c')];
    expect(closeView(views, '/b', '/c')).toEqual({ views: [home, tab('a'), tab('c')], next: null });
    expect(closeView(views, '/b', '/b').next).toBe('/a');
    expect(closeView([home, tab('a')], '/a', '/a').next).toBe(HOME_PATH);
    expect(closeView(views, HOME_PATH, HOME_PATH).views).toEqual(views);
  });

  it('closes others (keeping home and the current tab) and all (keeping home)', () => {
    const views = [home, tab('a'), tab('b'), tab('c')];
    expect(closeOthers(views, '/b', home)).toEqual([home, tab('b')]);
    expect(closeOthers(views, HOME_PATH, home)).toEqual([home]);
    expect(closeAll(home)).toEqual([home]);
  });

  it('always keeps home alive', () => {
    expect(keepAliveIds([home, tab('a'), tab('b')], (v) => v.id === 'b')).toEqual(['home', 'b']);
  });

  it('restores stored tabs whose pages still exist, ignoring junk', () => {
    const stored = JSON.stringify([tab('a'), tab('gone'), { path: 3 }, tab('a'), home, tab('b')]);
    expect(restoreViews(stored, (p) => p !== '/gone', home)).toEqual([home, tab('a'), tab('b')]);
    expect(restoreViews('not json', () => true, home)).toEqual([home]);
    expect(restoreViews(null, () => true, home)).toEqual([home]);
  });
});
