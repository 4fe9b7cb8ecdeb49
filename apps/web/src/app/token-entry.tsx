import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { userRoutes } from '@portal/contracts/routes/user';
import { call } from '../api/client';
import { CURRENT_USER_KEY, useCurrentUser } from '../shared/use-current-user';
import { clearUserData } from '../shared/session-storage';
import { storeEntry, type LoginEntry } from '../shell/login-entry';
import { FullPageSpin } from './full-page-spin';

/**
 * Login entry by query: the token leaves the address bar at once; the server says whose account it
 * opens (tokenEntryPreview) and the person confirms before the browser adopts it (tokenEntry, which
 * sets the session cookie), so nobody is signed in to an account they did not ask for by a link.
 * Only then is anything from the URL kept. A refused token is dropped.
 */
export function TokenEntry({ entry }: { entry: LoginEntry }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: current } = useCurrentUser();
  const [decided, setDecided] = useState(false);
  const [adopting, setAdopting] = useState(false);
  const cleanUrl = location.pathname + entry.rest + location.hash;
  useEffect(() => {
    window.history.replaceState(window.history.state, '', cleanUrl);
  }, [cleanUrl]);
  const preview = useQuery({
    queryKey: ['tokenEntryPreview', entry.token],
    queryFn: () => call(userRoutes.tokenEntryPreview, { body: { token: entry.token }, quiet: true }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (preview.isPending) return <FullPageSpin label={t('entry.checking')} />;
  if (preview.isError || decided) return <Navigate to={cleanUrl} replace />;

  const adopt = async () => {
    setAdopting(true);
    try {
      const user = await call(userRoutes.tokenEntry, { body: { token: entry.token }, quiet: true });
      if (current && current.currUserId !== user.currUserId) {
        // Another account's cached menus, permissions and tabs must not carry over: start afresh.
        clearUserData();
        storeEntry(entry, user);
        window.location.replace(cleanUrl);
        return;
      }
      storeEntry(entry, user);
      // A getCurrUser sent before the cookie existed must not overwrite the checked user.
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    } catch {
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }
    setDecided(true);
  };

  const who = preview.data;
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card title={t('entry.title')} style={{ width: 460, maxWidth: '100%' }}>
        <Typography.Paragraph>{t('entry.text')}</Typography.Paragraph>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'account', label: t('entry.account'), children: who.userName },
            { key: 'name', label: t('entry.name'), children: who.nickName },
            ...(who.companyName ? [{ key: 'company', label: t('entry.company'), children: who.companyName }] : []),
          ]}
        />
        {current && current.userName !== who.userName && (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} title={t('entry.switching', { current: current.userName })} />
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 20 }}>
          <Button onClick={() => setDecided(true)} disabled={adopting}>
            {t('entry.cancel')}
          </Button>
          <Button type="primary" loading={adopting} onClick={() => void adopt()}>
            {t('entry.confirm')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
