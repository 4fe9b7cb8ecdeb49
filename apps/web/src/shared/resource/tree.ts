/** A node of an antd Tree / TreeSelect. */
export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

/**
 * Nests flat rows by their parent key. A row whose parent is not among the rows is a root; rows
 * keep their order. Rows caught in a parent cycle are not reachable from a root and are left out.
 */
export function nestRows<Row extends { id: string }>(rows: readonly Row[], parentOf: (row: Row) => string): (Row & { children?: Row[] })[] {
  const byId = new Map<string, Row & { children?: Row[] }>(rows.map((r) => [r.id, { ...r }]));
  const roots: (Row & { children?: Row[] })[] = [];
  for (const node of byId.values()) {
    const parentId = parentOf(node);
    const parent = parentId !== node.id ? byId.get(parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Tree nodes from flat rows (see nestRows). */
export function treeOf<Row extends { id: string }>(
  rows: readonly Row[],
  parentOf: (row: Row) => string,
  titleOf: (row: Row) => string,
): TreeNode[] {
  const toNode = (row: Row & { children?: Row[] }): TreeNode => ({
    key: row.id,
    title: titleOf(row),
    ...(row.children?.length ? { children: row.children.map((c) => toNode(c as Row & { children?: Row[] })) } : {}),
  });
  return nestRows(rows, parentOf).map(toNode);
}

/** Every key of a tree that has no children. */
export function leafKeys(nodes: readonly TreeNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children);
      else out.add(n.key);
    }
  };
  walk(nodes);
  return out;
}

/** Every key of a tree. */
export function allKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** Group nodes whose keys start with this are headings, never values. */
export const GROUP_KEY_PREFIX = '#';
