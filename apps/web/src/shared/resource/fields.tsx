import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Lang } from '@portal/contracts/i18n';
import { currentLang } from '../../i18n/index';
import { ImageUpload } from './image-upload';
import { RichTextEditor } from './rich-text-editor';
import type { TreeNode } from './tree';
import { TreePicker } from './tree-picker';

// The date pickers name months and weekdays through dayjs: its locale is set where they are used,
// so that pages without a picker do not download dayjs's locales at start.
const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };
dayjs.locale(DAYJS_LOCALES[currentLang()]);

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'multiSelect'
  | 'switch'
  | 'tree'
  | 'treeSelect'
  | 'image'
  | 'richText'
  | 'date'
  | 'dateRange';

/** One input of a resource's search form or edit dialog. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: FieldKind;
  options?: { value: string | number; label: string }[];
  /** Nodes of a tree picker (`tree`: many checked; `treeSelect`: one chosen). */
  treeData?: TreeNode[];
  /** Shown but not editable when editing an existing row (e.g. a primary key). */
  readOnlyOnEdit?: boolean;
  placeholder?: string;
  /** A line of help under the input. */
  help?: string;
  /** Takes the whole width of a two-column form. */
  wide?: boolean;
  /** Decimal places of a number. */
  precision?: number;
  /** Shown only while the form's values satisfy this (e.g. a company for company users). */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
  /** dateRange in a search form: the filter names of the first and last day. */
  rangeNames?: [string, string];
}

/** The input of one field kind; the surrounding Form.Item hands it id, value (or checked) and onChange. */
export function FieldInput({ field, disabled, ...control }: { field: FieldSpec; disabled?: boolean; [prop: string]: unknown }) {
  const common = { ...control, disabled } as Record<string, unknown>;
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...common} rows={4} placeholder={field.placeholder} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} precision={field.precision} />;
    case 'select':
      return <Select {...common} allowClear options={field.options} placeholder={field.placeholder} style={{ minWidth: 140 }} />;
    case 'multiSelect':
      return (
        <Select
          {...common}
          mode="multiple"
          allowClear
          options={field.options}
          placeholder={field.placeholder}
          optionFilterProp="label"
          style={{ minWidth: 140 }}
        />
      );
    case 'switch':
      return <Switch {...common} />;
    case 'tree':
      return <TreePicker {...common} treeData={field.treeData ?? []} label={field.label} />;
    case 'treeSelect':
      return (
        <TreeSelect
          {...common}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={toTreeSelect(field.treeData ?? [])}
          placeholder={field.placeholder}
          style={{ minWidth: 140 }}
        />
      );
    case 'image':
      return <ImageUpload {...common} label={field.label} />;
    case 'richText':
      return <RichTextEditor {...common} label={field.label} />;
    case 'date':
      return <DatePicker {...common} style={{ width: '100%' }} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...common} />;
    default:
      return <Input {...common} placeholder={field.placeholder} />;
  }
}

function toTreeSelect(nodes: TreeNode[]): { value: string; title: string; children?: ReturnType<typeof toTreeSelect> }[] {
  return nodes.map((n) => ({ value: n.key, title: n.title, ...(n.children ? { children: toTreeSelect(n.children) } : {}) }));
}

/** Date fields hold ISO text in the form (what the contracts validate); the picker works on dayjs. */
export const dateValueProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.toISOString() : undefined),
};

/** A search form's date range as the two filters it stands for: the start of the first day, the end of the last. */
export function rangeFilters(field: FieldSpec, value: unknown): Record<string, string> {
  const [from, to] = field.rangeNames ?? ['from', 'to'];
  if (!Array.isArray(value) || !value[0] || !value[1]) return {};
  return { [from]: (value[0] as Dayjs).startOf('day').toISOString(), [to]: (value[1] as Dayjs).endOf('day').toISOString() };
}
