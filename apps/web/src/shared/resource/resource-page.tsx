import { useMemo, useState, type Key, type ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Modal, Popconfirm, Row as GridRow, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Lang } from '@portal/contracts/i18n';
import { ADMIN_PAGE_SIZES, type Listing, type Resource } from '@portal/contracts/resource';
import { ApiError, call } from '../../api/client';
import { usePermission } from '../permission';
import { EmptyState, LoadError } from '../query-state';
import { ignoreShown, useFeedback } from '../feedback';
import { contractRule, isRequired, normalize } from './field-rules';
import { FieldInput, dateValueProps, rangeFilters, type FieldSpec } from './fields';
import { nestRows } from './tree';
import './rich-text-editor.css';

export type { FieldSpec } from './fields';

/** What a row action may ask of the page. */
export interface RowActionApi {
  /** Opens the create dialog with some values filled in (e.g. "add a child here"). */
  openCreate(defaults?: Record<string, unknown>): void;
  /** Reloads the list after a named action. */
  refresh(): Promise<void>;
}

/** A resource (list and writes) or a read-only listing (logs) whose list answers rows of `Row`. */
export type ResourceOf<Row> = (Resource | Listing) & { endpoints: { list: { answer: z.ZodType<Page<Row>> } } };

export interface ResourcePageProps<Row extends { id: string }> {
  /** A resource (list and writes), or a read-only listing (logs). */
  resource: ResourceOf<Row>;
  /** The resource's name in a sentence ("tenant"). */
  noun: string;
  columns: ColumnsType<Row>;
  searchFields?: FieldSpec[];
  /** The dialog's fields; a function gets the loaded rows (e.g. to offer them as parents). */
  createFields?: FieldSpec[] | ((rows: Row[]) => FieldSpec[]);
  editFields?: FieldSpec[] | ((rows: Row[]) => FieldSpec[]);
  /** Form values of a row being edited (defaults to the row itself). */
  toForm?: (row: Row) => Record<string, unknown>;
  /** Values a new record starts with. */
  createDefaults?: Record<string, unknown>;
  /** Extra actions in a row's last column. */
  rowActions?: (row: Row, api: RowActionApi) => ReactNode;
  /** Extra buttons beside "create". */
  toolbar?: ReactNode;
  /** Shows the rows as a tree (all of them, no paging), nested by this parent key. */
  tree?: { parentOf: (row: Row) => string };
  /** Filters every list call carries whatever the search form says. */
  fixedFilters?: Record<string, unknown>;
  /** Two columns suit long forms; the dialog widens to the spec's 900 px. */
  formColumns?: 1 | 2;
  expandable?: TableProps<Row>['expandable'];
  /** Turns the form's values into the body sent (e.g. encrypting a password field). */
  prepare?: (values: Record<string, unknown>, creating: boolean) => Promise<Record<string, unknown>>;
}

type Page<Row> = { rows: Row[]; total: number };

/** Whether the page may write: a resource has create and update endpoints, a listing only its list. */
function isWritable(resource: Resource | Listing): resource is Resource {
  return 'create' in resource.endpoints;
}
const TREE_PAGE = 100;

/**
 * The one back-office list + form: search, filters and paging over the resource's list endpoint;
 * create and edit in a dialog validated by the contract's schemas; delete behind a confirmation;
 * the same loading, empty and error states everywhere. Buttons that need the edit permission are
 * removed for people without it (the server checks regardless).
 */
export function ResourcePage<Row extends { id: string }>(props: ResourcePageProps<Row>) {
  const { resource, noun } = props;
  const { t, i18n } = useTranslation('resource');
  const lang = i18n.language as Lang;
  const { message } = useFeedback();
  const allowed = usePermission();
  const writable = isWritable(resource) ? resource : null;
  const canEdit = writable !== null && allowed(writable.permission.edit);
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm();
  const [editForm] = Form.useForm();
  const formValues = (Form.useWatch([], editForm) ?? {}) as Record<string, unknown>;
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const listBody = { ...filters, ...props.fixedFilters };

  const list = useQuery({
    queryKey: ['resource', resource.name, listBody, props.tree ? 'all' : page],
    queryFn: async (): Promise<Page<Row>> => {
      const fetchPage = (pageNo: number, pageSize: number) => call(resource.endpoints.list, { body: { ...listBody, pageNo, pageSize } });
      if (!props.tree) return fetchPage(page.pageNo, page.pageSize);
      // A tree is shown whole: every page is read.
      const first = await fetchPage(1, TREE_PAGE);
      const rows = [...first.rows];
      for (let pageNo = 2; rows.length < first.total && pageNo <= 50; pageNo++) rows.push(...(await fetchPage(pageNo, TREE_PAGE)).rows);
      return { rows, total: first.total };
    },
    placeholderData: keepPreviousData,
  });
  const tree = props.tree;
  const dataSource = useMemo(() => (tree ? nestRows(list.data?.rows ?? [], tree.parentOf) : (list.data?.rows ?? [])), [list.data, tree]);
  // A tree opens fully expanded until the person folds a branch.
  const parentKeys = useMemo(() => {
    if (!tree) return [];
    const rows = list.data?.rows ?? [];
    const parents = new Set(rows.map((r) => tree.parentOf(r)));
    return rows.filter((r) => parents.has(r.id)).map((r) => r.id);
  }, [list.data, tree]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', resource.name] });
  const toastError = (err: unknown) => {
    if (err instanceof ApiError) message.error({ content: err.message || err.code, duration: 3 });
  };

  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      // Read-only fields of an existing record are shown, never sent.
      const readOnly = new Set(editing === 'new' ? [] : formFields.filter((f) => f.readOnlyOnEdit).map((f) => f.name));
      const cleaned = Object.fromEntries(
        Object.entries(values)
          .filter(([k]) => !readOnly.has(k))
          .map(([k, v]) => [k, normalize(v)]),
      );
      const body = props.prepare ? await props.prepare(cleaned, editing === 'new') : cleaned;
      if (!writable) throw new Error('read-only');
      if (editing === 'new') return call(writable.endpoints.create, { body, quiet: true });
      if (!editing) throw new Error('nothing being edited');
      return call(writable.endpoints.update, { body: { ...body, id: editing.id }, quiet: true });
    },
    onSuccess: async () => {
      message.success({ content: t('saved'), duration: 3 });
      setEditing(null);
      await refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) {
        // `permissions.0` points at the field `permissions`.
        const field = (err.data as { field?: string } | null)?.field?.split('.')[0];
        if (field && editForm.getFieldInstance(field) !== undefined) {
          editForm.setFields([{ name: field, errors: [err.message] }]);
          return;
        }
      }
      toastError(err);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => call(writable!.endpoints.remove, { body: { id }, quiet: true }),
    onSuccess: async () => {
      message.success({ content: t('removed'), duration: 3 });
      await refresh();
    },
    onError: toastError,
  });

  const creating = editing === 'new';
  const fieldsOf = creating ? props.createFields : (props.editFields ?? props.createFields);
  const formFields = typeof fieldsOf === 'function' ? fieldsOf(list.data?.rows ?? []) : (fieldsOf ?? []);
  const formSchema = writable ? ((creating ? writable.create : writable.update) as z.ZodObject) : null;
  const open = (row: Row | 'new', defaults?: Record<string, unknown>) => {
    setEditing(row);
    editForm.resetFields();
    if (row === 'new') editForm.setFieldsValue({ ...props.createDefaults, ...defaults });
    else editForm.setFieldsValue(props.toForm ? props.toForm(row) : row);
  };
  const api: RowActionApi = { openCreate: (defaults) => open('new', defaults), refresh };

  const columns: ColumnsType<Row> = [
    ...props.columns,
    ...(canEdit || props.rowActions
      ? [
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: Row) => (
              <Space size={0} wrap>
                {canEdit && writable.updatable !== false && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(row)}>
                    {t('edit')}
                  </Button>
                )}
                {props.rowActions?.(row, api)}
                {canEdit && writable.deletable !== false && (
                  <Popconfirm
                    title={t('confirmRemove')}
                    description={t('removeHint')}
                    onConfirm={() => remove.mutateAsync(row.id).catch(ignoreShown)}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const twoColumns = props.formColumns === 2;
  return (
    <Card>
      {props.searchFields && props.searchFields.length > 0 && (
        <Form
          form={searchForm}
          name={`${resource.name}-search`}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 12 }}
          onFinish={(values: Record<string, unknown>) => {
            const next: Record<string, unknown> = {};
            for (const field of props.searchFields ?? []) {
              const value = normalize(values[field.name]);
              if (field.kind === 'dateRange') Object.assign(next, rangeFilters(field, value));
              else if (value !== undefined) next[field.name] = typeof value === 'string' ? value.trim() || undefined : value;
            }
            setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        >
          {props.searchFields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label}>
              <FieldInput field={field} />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                searchForm.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </Form>
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('create')}
          </Button>
        )}
        {props.toolbar}
        <Button icon={<ReloadOutlined />} aria-label={t('refresh')} title={t('refresh')} onClick={() => void list.refetch()} />
      </Space>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          sticky
          scroll={{ x: 'max-content' }}
          loading={list.isFetching}
          columns={columns}
          dataSource={dataSource}
          expandable={
            tree ? { expandedRowKeys: expanded ?? parentKeys, onExpandedRowsChange: (keys) => setExpanded(keys) } : props.expandable
          }
          locale={{ emptyText: <EmptyState text={canEdit ? t('emptyHint') : undefined} /> }}
          pagination={
            tree
              ? false
              : {
                  current: page.pageNo,
                  pageSize: page.pageSize,
                  total: list.data?.total ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: ADMIN_PAGE_SIZES.map(String),
                  showTotal: (total) => t('total', { total }),
                  onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
                }
          }
        />
      )}
      {writable && (
        <Modal
          open={editing !== null}
          title={creating ? t('createTitle', { name: noun }) : t('editTitle', { name: noun })}
          okText={t('save')}
          cancelText={t('cancel')}
          confirmLoading={save.isPending}
          onOk={() => editForm.submit()}
          onCancel={() => setEditing(null)}
          width={twoColumns ? 900 : 560}
          destroyOnHidden
          maskClosable={false}
        >
          <Form
            form={editForm}
            name={`${resource.name}-edit`}
            layout="vertical"
            onFinish={(values: Record<string, unknown>) => save.mutate(values)}
          >
            <GridRow gutter={16}>
              {formFields.map((field) => {
                if (field.visibleWhen && !field.visibleWhen(formValues)) return null;
                const schema = formSchema?.shape[field.name] as z.ZodType | undefined;
                return (
                  <Col key={field.name} span={twoColumns && !field.wide ? 12 : 24}>
                    <Form.Item
                      name={field.name}
                      label={field.label}
                      extra={field.help}
                      required={isRequired(schema)}
                      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
                      rules={[contractRule(schema, lang)]}
                      {...(field.kind === 'date' ? dateValueProps : {})}
                    >
                      <FieldInput field={field} disabled={!creating && field.readOnlyOnEdit} />
                    </Form.Item>
                  </Col>
                );
              })}
            </GridRow>
          </Form>
        </Modal>
      )}
    </Card>
  );
}
