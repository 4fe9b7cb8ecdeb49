import { useMemo } from 'react';
import { Tree } from 'antd';
import { GROUP_KEY_PREFIX, allKeys, leafKeys, type TreeNode } from './tree';

interface TreePickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  treeData: TreeNode[];
  label: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A checkable tree whose value is every checked key plus the half-checked ancestors of checked keys
 * (a granted menu brings its parents). Only leaves are fed back as checked so that a parent's state
 * follows its children instead of checking them all.
 */
export function TreePicker({ value, onChange, treeData, label, id, disabled }: TreePickerProps) {
  const leaves = useMemo(() => leafKeys(treeData), [treeData]);
  const expanded = useMemo(() => allKeys(treeData), [treeData]);
  const checked = (value ?? []).filter((key) => leaves.has(key));
  return (
    <div id={id} role="group" aria-label={label} className="resource-tree-picker">
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        defaultExpandedKeys={expanded}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = (Array.isArray(keys) ? keys : keys.checked).map(String);
          const half = (info.halfCheckedKeys ?? []).map(String);
          onChange?.([...full, ...half].filter((key) => !key.startsWith(GROUP_KEY_PREFIX)));
        }}
      />
    </div>
  );
}
