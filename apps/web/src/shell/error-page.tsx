import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

const KINDS = {
  403: { title: 'errors.forbiddenTitle', text: 'errors.forbidden' },
  404: { title: 'errors.notFoundTitle', text: 'errors.notFound' },
  500: { title: 'errors.serverErrorTitle', text: 'errors.serverError' },
} as const;

/**
 * /errors/403, /errors/404 and /errors/500. Standalone it fills the window; `embedded` it sits in
 * the shell's content area (an unknown path of a signed-in person).
 */
export function ErrorPage({ status, embedded = false }: { status: 403 | 404 | 500; embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = KINDS[status];
  return (
    <main
      className={embedded ? 'error-page is-embedded' : 'error-page'}
      style={embedded ? { padding: '48px 0' } : { minHeight: '100vh', display: 'grid', placeItems: 'center' }}
    >
      <Result
        status={String(status) as '403' | '404' | '500'}
        title={`${status} · ${t(kind.title)}`}
        subTitle={t(kind.text)}
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>{t('back')}</Button>
            <Link to={embedded ? '/mainIndex' : '/'}>
              <Button type="primary">{t('errors.backHome')}</Button>
            </Link>
          </Space>
        }
      />
    </main>
  );
}
