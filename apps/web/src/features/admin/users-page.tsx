import { useState } from 'react';
import { KeyOutlined, StopOutlined, CheckCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, userActions, usersResource, type UserRow } from '@portal/contracts/admin';
import type { Lang } from '@portal/contracts/i18n';
import { roleName } from '@portal/contracts/reader';
import { ApiError, call } from '../../api/client';
import { ignoreShown, useFeedback } from '../../shared/feedback';
import { usePermission } from '../../shared/permission';
import { contractRule } from '../../shared/resource/field-rules';
import { ResourcePage, type RowActionApi } from '../../shared/resource/resource-page';
import { useShellSession } from '../../shared/session-context';
import { formatTime } from './format';
import { useLang } from '../../shared/use-lang';

const TYPE_COLORS: Record<string, string> = { operator: 'blue', comp: 'green', toVerified: 'orange' };

/** System management · users: company users and operators, their roles, tenant and status. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const { message } = useFeedback();
  const allowed = usePermission();
  const canEdit = allowed(usersResource.permission.edit);
  const { user: me, transportPassword } = useShellSession();
  const [resetting, setResetting] = useState<{ row: UserRow; api: RowActionApi } | null>(null);
  const options = useQuery({ queryKey: ['admin', 'userOptions'], queryFn: () => call(userActions.options, { body: {} }) });
  const roleOptions = (options.data?.roles ?? []).map((r) => ({ value: r.id, label: roleName(r.name, lang) }));
  const tenantOptions = (options.data?.tenants ?? []).map((r) => ({ value: r.tenant_id, label: r.tenant_name }));
  const typeOptions = USER_TYPES.map((value) => ({ value, label: t(`users.types.${value}`) }));

  const act = useMutation({
    mutationFn: async (input: { run: () => Promise<unknown>; done: string; api: RowActionApi }) => {
      await input.run();
      return input;
    },
    onSuccess: async ({ done, api }) => {
      message.success({ content: done, duration: 3 });
      await api.refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError) message.error({ content: err.message, duration: 3 });
    },
  });

  const fields = [
    { name: 'nick_name', label: t('users.nickName') },
    { name: 'real_name', label: t('users.realName') },
    { name: 'mobile', label: t('users.mobile') },
    { name: 'email', label: t('users.email') },
    { name: 'user_type', label: t('users.userType'), kind: 'select' as const, options: typeOptions },
    {
      name: 'company_name',
      label: t('users.company'),
      help: t('users.companyHelp'),
      visibleWhen: (v: Record<string, unknown>) => v.user_type !== 'operator',
    },
    { name: 'tenant_id', label: t('users.tenant'), kind: 'select' as const, options: tenantOptions },
    { name: 'roleIds', label: t('users.roles'), kind: 'multiSelect' as const, options: roleOptions },
  ];

  return (
    <>
      <ResourcePage<UserRow>
        resource={usersResource}
        noun={t('users.noun')}
        formColumns={2}
        searchFields={[
          { name: 'keyword', label: t('users.keyword'), placeholder: t('users.keywordHint') },
          { name: 'user_type', label: t('users.userType'), kind: 'select', options: typeOptions },
          {
            name: 'status',
            label: t('users.status'),
            kind: 'select',
            options: [
              { value: 'enabled', label: t('users.enabled') },
              { value: 'disabled', label: t('users.disabled') },
            ],
          },
          { name: 'role_id', label: t('users.roles'), kind: 'select', options: roleOptions },
        ]}
        columns={[
          { title: t('users.account'), dataIndex: 'account', fixed: 'left' },
          { title: t('users.nickName'), dataIndex: 'nick_name' },
          { title: t('users.realName'), dataIndex: 'real_name' },
          { title: t('users.mobile'), dataIndex: 'mobile', className: 'tabular' },
          {
            title: t('users.userType'),
            dataIndex: 'user_type',
            render: (v: string) => (
              <Tag color={TYPE_COLORS[v]}>{(USER_TYPES as readonly string[]).includes(v) ? t(`users.types.${v as 'comp'}`) : v}</Tag>
            ),
          },
          { title: t('users.company'), dataIndex: 'company_name' },
          { title: t('users.tenant'), dataIndex: 'tenant_name' },
          {
            title: t('users.roles'),
            dataIndex: 'roleNames',
            render: (names: string[]) => (
              <Space size={[0, 4]} wrap>
                {names.map((n) => (
                  <Tag key={n}>{roleName(n, lang)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('users.status'),
            key: 'status',
            render: (_: unknown, row: UserRow) => (
              <Space size={[0, 4]} wrap>
                <Tag color={row.enabled ? 'success' : 'default'}>{row.enabled ? t('users.enabled') : t('users.disabled')}</Tag>
                {row.locked && <Tag color="error">{t('users.locked')}</Tag>}
                {row.defaultPassword && <Tag color="warning">{t('users.defaultPassword')}</Tag>}
              </Space>
            ),
          },
          { title: t('users.lastLogin'), dataIndex: 'last_login_at', className: 'tabular', render: (v: string) => formatTime(v) },
        ]}
        createFields={[
          { name: 'account', label: t('users.account') },
          { name: 'password', label: t('users.initialPassword'), kind: 'password', help: t('users.passwordHelp') },
          ...fields,
        ]}
        editFields={[{ name: 'account', label: t('users.account'), readOnlyOnEdit: true }, ...fields]}
        createDefaults={{ user_type: 'comp', roleIds: [], tenant_id: tenantOptions[0]?.value }}
        prepare={async (values, creating) =>
          creating && typeof values.password === 'string' ? { ...values, password: await transportPassword(values.password) } : values
        }
        rowActions={(row, api) =>
          canEdit && (
            <>
              {row.id !== me.currUserId && (
                <Popconfirm
                  title={
                    row.enabled ? t('users.confirmDisable', { account: row.account }) : t('users.confirmEnable', { account: row.account })
                  }
                  description={row.enabled ? t('users.disableHint') : undefined}
                  onConfirm={() =>
                    act
                      .mutateAsync({
                        run: () => call(userActions.setStatus, { body: { id: row.id, enabled: !row.enabled }, quiet: true }),
                        done: row.enabled ? t('users.disabledDone') : t('users.enabledDone'),
                        api,
                      })
                      .catch(ignoreShown)
                  }
                >
                  <Button type="link" size="small" danger={row.enabled} icon={row.enabled ? <StopOutlined /> : <CheckCircleOutlined />}>
                    {row.enabled ? t('users.disable') : t('users.enable')}
                  </Button>
                </Popconfirm>
              )}
              {row.id !== me.currUserId && (
                <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting({ row, api })}>
                  {t('users.resetPassword')}
                </Button>
              )}
              {row.locked && (
                <Popconfirm
                  title={t('users.confirmUnlock', { account: row.account })}
                  onConfirm={() =>
                    act
                      .mutateAsync({
                        run: () => call(userActions.unlock, { body: { id: row.id }, quiet: true }),
                        done: t('users.unlocked'),
                        api,
                      })
                      .catch(ignoreShown)
                  }
                >
                  <Button type="link" size="small" icon={<UnlockOutlined />}>
                    {t('users.unlock')}
                  </Button>
                </Popconfirm>
              )}
            </>
          )
        }
      />
      {resetting && (
        <ResetPasswordDialog
          row={resetting.row}
          onClose={() => setResetting(null)}
          onDone={async () => {
            message.success({ content: t('users.passwordReset'), duration: 3 });
            setResetting(null);
            await resetting.api.refresh();
          }}
        />
      )}
    </>
  );
}

/** Sets a new default password for an account; the person must change it at the next sign-in. */
function ResetPasswordDialog({ row, onClose, onDone }: { row: UserRow; onClose: () => void; onDone: () => Promise<void> }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Lang;
  const { transportPassword } = useShellSession();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const save = useMutation({
    mutationFn: async (password: string) =>
      call(userActions.resetPassword, { body: { id: row.id, password: await transportPassword(password) }, quiet: true }),
    onSuccess: onDone,
    onError: (err) => {
      if (err instanceof ApiError) form.setFields([{ name: 'password', errors: [err.message] }]);
    },
  });
  return (
    <Modal
      open
      title={t('users.resetPasswordOf', { account: row.account })}
      okText={t('users.resetPassword')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('users.resetHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.password)}>
        <Form.Item
          name="password"
          label={t('users.newPassword')}
          required
          rules={[contractRule(userActions.resetPassword.body.shape.password, lang)]}
          extra={t('users.passwordHelp')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('users.confirmPassword')}
          dependencies={['password']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (!value || value !== getFieldValue('password')) throw new Error(t('users.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
