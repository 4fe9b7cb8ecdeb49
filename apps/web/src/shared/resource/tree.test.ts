import { describe, expect, it } from 'vitest';
import { leafKeys, nestRows, treeOf } from './tree';

const rows = [
  { id: 'a', parent: 'root', title: 'A' },
  { id: 'a1', parent: 'a', title: 'A1' },
  { id: 'a2', parent: 'a', title: 'A2' },
  { id: 'b', parent: 'root', title: 'B' },
  { id: 'x', parent: 'y', title: 'X' },
  { id: 'y', parent: 'x', title: 'Y' },
];

describe('tree helpers', () => {
  it('nests rows under their parents, keeps order, and leaves out rows caught in a cycle', () => {
    const nested = nestRows(rows, (r) => r.parent);
    expect(nested.map((r) => r.id)).toEqual(['a', 'b']);
    expect(nested[0]!.children!.map((r) => r.id)).toEqual(['a1', 'a2']);
    expect(nested[1]!.children).toBeUndefined();
  });

  it('builds tree nodes and finds the leaves', () => {
    const tree = treeOf(
      rows,
      (r) => r.parent,
      (r) => r.title,
    );
    expect(tree[0]).toEqual({
      key: 'a',
      title: 'A',
      children: [
        { key: 'a1', title: 'A1' },
        { key: 'a2', title: 'A2' },
      ],
    });
    expect([...leafKeys(tree)].sort()).toEqual(['a1', 'a2', 'b']);
  });
});
