import { IdcardOutlined, KeyOutlined, SafetyCertificateOutlined, StarFilled } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkbenchOnHome } from '../features/workbench';
import { useDialogs } from '../shared/dialog-service';
import { useShellSession } from '../shared/session-context';
import { formatDateTime } from './format';
import { MenuIcon } from './menu-icons';
import type { MenuRoute } from './menus';
import { useShell } from './shell-context';
import { useThemeToken } from '../shared/use-theme-token';

/** 138****0001: enough to recognise one's own number. */
const maskMobile = (mobile: string) => (mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile || '-');

function Shortcut({ route, onOpen }: { route: MenuRoute; onOpen: (route: MenuRoute) => void }) {
  const token = useThemeToken();
  return (
    <button
      type="button"
      className="shell-shortcut"
      onClick={() => onOpen(route)}
      style={{ borderColor: token.colorBorderSecondary, borderRadius: token.borderRadiusLG }}
    >
      <span className="shell-shortcut-icon" style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>
        <MenuIcon name={route.menu.icon} />
      </span>
      <span className="shell-shortcut-title">{route.menu.title}</span>
    </button>
  );
}

/** /mainIndex: the home after sign-in: welcome, last login, the workbench's figures, favourites and portal shortcuts, account safety. */
export function MainIndexPage() {
  const { t, i18n } = useTranslation('shell');
  const { user } = useShellSession();
  const { model, openRoute } = useShell();
  const dialogs = useDialogs();
  const token = useThemeToken();
  const favourites = [...model.collections.values()].flat();
  const portal = model.leaves.filter((r) => r.kind === 'iframe');
  return (
    <div className="shell-workbench">
      <Card className="shell-welcome">
        <Space align="center" size={20} wrap>
          <Avatar size={64} style={{ background: token.colorPrimary, fontSize: 26 }}>
            {user.nickName.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('workbench.welcome', { name: user.nickName })}
            </Typography.Title>
            <Typography.Text type="secondary" className="tabular">
              {user.lastLoginDateTime
                ? t('workbench.lastLogin', { time: formatDateTime(user.lastLoginDateTime, i18n.language) })
                : t('workbench.firstLogin')}
            </Typography.Text>
          </div>
        </Space>
        <Descriptions className="shell-welcome-facts" column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label={t('workbench.company')}>{user.companyName || t('workbench.platform')}</Descriptions.Item>
          <Descriptions.Item label={t('workbench.account')}>{user.userName}</Descriptions.Item>
          <Descriptions.Item label={t('user.userId')}>
            <span className="tabular">{user.currUserId}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('workbench.clientIp')}>
            <span className="tabular">{user.clientIp || '-'}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <WorkbenchOnHome />
      </Suspense>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={
              <Space>
                <StarFilled style={{ color: token.colorWarning }} />
                {t('workbench.favorites')}
              </Space>
            }
          >
            {favourites.length === 0 ? (
              <Empty description={t('favorites.emptyHint')} />
            ) : (
              <div className="shell-shortcuts">
                {favourites.map((route) => (
                  <Shortcut key={route.menu.id} route={route} onOpen={openRoute} />
                ))}
              </div>
            )}
          </Card>
          <Card title={t('workbench.portal')} style={{ marginTop: 16 }}>
            {portal.length === 0 ? (
              <Empty description={t('workbench.portalEmpty')} />
            ) : (
              <div className="shell-shortcuts">
                {portal.map((route) => (
                  <Shortcut key={route.menu.id} route={route} onOpen={openRoute} />
                ))}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            title={
              <Space>
                <SafetyCertificateOutlined />
                {t('workbench.security')}
              </Space>
            }
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('workbench.mobile')}>
                <span className="tabular">{maskMobile(user.mobilePhone)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('workbench.email')}>{user.email || t('workbench.notSet')}</Descriptions.Item>
              <Descriptions.Item label={t('workbench.password')}>
                {user.defaultPassword ? t('workbench.passwordDefault') : t('workbench.passwordSet')}
              </Descriptions.Item>
            </Descriptions>
            <Space wrap style={{ marginTop: 12 }}>
              <Button icon={<IdcardOutlined />} onClick={() => dialogs.open('personalInfo', { title: t('user.personalInfo') })}>
                {t('user.personalInfo')}
              </Button>
              <Button
                icon={<KeyOutlined />}
                onClick={() => dialogs.open('changePassword', { title: t('user.changePassword'), width: 560, height: 360 })}
              >
                {t('user.changePassword')}
              </Button>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
