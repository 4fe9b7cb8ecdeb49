import { LogoutOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { onlineSessionsListing, sessionActions, type OnlineSessionRow } from '@portal/contracts/admin';
import { ApiError, call } from '../../api/client';
import { ignoreShown, useFeedback } from '../../shared/feedback';
import { usePermission } from '../../shared/permission';
import { ResourcePage, type RowActionApi } from '../../shared/resource/resource-page';
import { formatTime } from './format';

/** System management · online users: who is signed in, since when, from where; kick an account out. */
export function SessionsPage() {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  const canKick = usePermission()(sessionActions.kickout.access.permission);
  const kick = useMutation({
    mutationFn: async ({ account, api }: { account: string; api: RowActionApi }) => {
      const { count } = await call(sessionActions.kickout, { body: { account }, quiet: true });
      return { count, api };
    },
    onSuccess: async ({ count, api }) => {
      message.success({ content: t('sessions.kicked', { count }), duration: 3 });
      await api.refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError) message.error({ content: err.message, duration: 3 });
    },
  });
  return (
    <ResourcePage<OnlineSessionRow>
      resource={onlineSessionsListing}
      noun={t('sessions.noun')}
      searchFields={[{ name: 'account', label: t('sessions.account') }]}
      columns={[
        {
          title: t('sessions.account'),
          dataIndex: 'account',
          render: (v: string, row) => (
            <>
              {v} {row.current && <Tag color="blue">{t('sessions.current')}</Tag>}
            </>
          ),
        },
        { title: t('sessions.nickName'), dataIndex: 'nickName' },
        { title: t('sessions.terminal'), dataIndex: 'terminal' },
        { title: t('sessions.ip'), dataIndex: 'ip', className: 'tabular' },
        { title: t('sessions.since'), dataIndex: 'createdAt', className: 'tabular', render: (v: string) => formatTime(v) },
        { title: t('sessions.lastSeen'), dataIndex: 'lastSeenAt', className: 'tabular', render: (v: string) => formatTime(v) },
        {
          title: t('sessions.state'),
          dataIndex: 'locked',
          render: (locked: boolean) =>
            locked ? <Tag color="warning">{t('sessions.locked')}</Tag> : <Tag color="success">{t('sessions.active')}</Tag>,
        },
      ]}
      rowActions={(row, api) =>
        canKick &&
        !row.current && (
          <Popconfirm
            title={t('sessions.confirmKick', { account: row.account })}
            description={t('sessions.kickHint')}
            onConfirm={() => kick.mutateAsync({ account: row.account, api }).catch(ignoreShown)}
          >
            <Button type="link" size="small" danger icon={<LogoutOutlined />}>
              {t('sessions.kick')}
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}
