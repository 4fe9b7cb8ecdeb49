import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { useState } from 'react';
import { BellOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@portal/contracts/messages';
import { messageRoutes } from '@portal/contracts/routes/messages';
import { call } from '../api/client';
import { formatDateTime } from '../shared/format';
import { useLiveStatus } from '../shared/live-updates';
import { messageHref } from '../shared/message-link';
import { TRADE_KEYS } from '../shared/trade-query-keys';

/** The message centre's page. */
const MESSAGES_PATH = PAGE_PATHS.messages;
const RECENT_SIZE = 8;

/** The unread count the bell shows; the live stream makes it stale when a message arrives. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...TRADE_KEYS.messages, 'unread'],
    queryFn: () => call(messageRoutes.unreadCount, { quiet: true }),
    enabled,
    staleTime: 60_000,
  });
}

function Recent({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const client = useQueryClient();
  const body = { pageNo: 1, pageSize: RECENT_SIZE };
  const recent = useQuery({ queryKey: [...TRADE_KEYS.messages, 'page', body], queryFn: () => call(messageRoutes.page, { body }) });
  const read = useMutation({
    mutationFn: (ids: string[]) => call(messageRoutes.read, { body: { ids }, quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: TRADE_KEYS.messages }),
  });
  const open = (m: Message) => {
    if (!m.read) read.mutate([m.id]);
    onDone();
    navigate(messageHref(m.link));
  };
  return (
    <div className="shell-bell-panel">
      <List<Message>
        size="small"
        loading={recent.isPending}
        dataSource={recent.data?.items ?? []}
        locale={{ emptyText: t('bell.empty') }}
        renderItem={(m) => (
          <List.Item
            className={m.read ? 'shell-bell-item' : 'shell-bell-item is-unread'}
            onClick={() => open(m)}
            data-testid="bell-message"
          >
            <List.Item.Meta
              title={
                <button type="button" className="shell-bell-title" onClick={() => open(m)}>
                  {m.read ? null : <Badge status="processing" />} {m.title}
                </button>
              }
              description={
                <>
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {m.text}
                  </Typography.Paragraph>
                  <span className="shell-bell-time">{formatDateTime(m.time)}</span>
                </>
              }
            />
          </List.Item>
        )}
      />
      <Button
        type="link"
        block
        onClick={() => {
          onDone();
          navigate(MESSAGES_PATH);
        }}
      >
        {t('bell.viewAll')}
      </Button>
    </div>
  );
}

/** The bell in the top bar: the unread count (kept live by the stream) and the latest messages. */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const live = useLiveStatus();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(live.enabled);
  if (!live.enabled) return null;
  const count = unread.data?.count ?? 0;
  const reconnecting = live.status === 'reconnecting';
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('bell.recent')}
      content={open ? <Recent onDone={() => setOpen(false)} /> : null}
      destroyOnHidden
    >
      <Button
        type="text"
        className="shell-on-dark shell-bell"
        aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
        title={reconnecting ? t('bell.reconnecting') : t('bell.label')}
        data-testid="message-bell"
        icon={
          <Badge count={count} size="small" overflowCount={99} data-testid="message-bell-count">
            {reconnecting ? <DisconnectOutlined className="shell-bell-icon" /> : <BellOutlined className="shell-bell-icon" />}
          </Badge>
        }
      />
    </Popover>
  );
}
