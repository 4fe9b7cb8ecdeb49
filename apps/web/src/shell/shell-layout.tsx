import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Result, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/contracts/account';
import type { MenuNode } from '@portal/contracts/menus';
import { userRoutes } from '@portal/contracts/routes/user';
import { LOCKED_CODE, PASSWORD_CHANGE_CODE } from '@portal/contracts/session-codes';
import { ApiError, call } from '../api/client';
import { loadChangeMobileDialog, logout } from '../features/account';
import { loadOrderContract } from '../features/contracts';
import { loadChangePasswordDialog, loadForcedPasswordDialog, loadPersonalInfoDialog } from '../features/profile';
import { CURRENT_USER_KEY, useCurrentUser } from '../shared/use-current-user';
import { writeCookie } from '../shared/cookies';
import { DialogServiceProvider, registerDialog, useDialogs } from '../shared/dialog-service';
import { LiveUpdatesProvider, MESSAGE_PERMISSION } from '../shared/live-updates';
import { MenuArgProvider } from '../shared/menu-arg';
import { registerOrderPart } from '../shared/order-parts';
import { createPasswordTransport } from '../shared/password-transport';
import { PermissionsProvider, storedPermissions } from '../shared/permission';
import { ShellSessionProvider, type ShellSession } from '../shared/session-context';
import { useSettings } from '../shared/settings';
import { DemoDataBanner } from './demo-data-banner';
import { ErrorPage } from './error-page';
import { IframePage } from './iframe-page';
import { LockScreen } from './lock-screen';
import { buildMenuModel, topOf, type MenuModel, type MenuRoute } from './menus';
import { MENU_PAGES, hasPage } from './pages';
import { useSessionReactions } from './session-reactions';
import { ShellContext, type ShellContextValue } from './shell-context';
import { Sidebar, useSidebarState } from './sidebar';
import { loadSubsystem } from './subsystems';
import { TabBar } from './tab-bar';
import { TabPanes, type Pane } from './tab-panes';
import { HOME_ID, HOME_PATH, closeAll, closeOthers, closeView, homeView, openView, restoreViews, type TabView } from './tabs';
import { TopBar } from './top-bar';
import { useFavouriteToggle, useMenuTree } from './use-menus';
import type { UserAction } from './user-menu';
import './shell.css';

registerDialog('personalInfo', lazy(loadPersonalInfoDialog));
registerDialog('changePassword', lazy(loadChangePasswordDialog));
registerOrderPart('contract', lazy(loadOrderContract));
const ChangeMobileDialog = lazy(loadChangeMobileDialog);
const ForcedPasswordDialog = lazy(loadForcedPasswordDialog);

const LOCK_COOKIE = 'lock';
/** Long enough to read "changed, please sign in again" before the login page. */
const FORCED_LOGOUT_DELAY_MS = 1500;

/** The back office: every route that is neither fixed nor public lands here (the menu routes). */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const settings = useSettings();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const menus = useMenuTree();
  const transport = useMemo(() => createPasswordTransport(settings.webEncryptType), [settings.webEncryptType]);
  if (!user) return null;
  // A default password must be changed first: the server refuses the menus, and the shell opens
  // without them so that the forced dialog can be shown.
  const mustChangePassword = menus.error instanceof ApiError && menus.error.code === PASSWORD_CHANGE_CODE;
  if (!menus.data && !mustChangePassword) {
    // A session locked before this page loaded refuses the menus too (-5): unlock first.
    if (user.locked || (menus.error instanceof ApiError && menus.error.code === LOCKED_CODE)) {
      return (
        <LockScreen
          user={user}
          transport={transport}
          onUnlocked={() => {
            queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, { ...user, locked: false });
            void queryClient.invalidateQueries();
          }}
          onLogout={settings.freeLogin ? undefined : () => void logout()}
        />
      );
    }
    if (menus.isError) {
      return (
        <Result
          status="error"
          title={t('menus.failed')}
          subTitle={t('menus.failedText')}
          extra={
            <Button type="primary" onClick={() => void menus.refetch()}>
              {t('retry')}
            </Button>
          }
          style={{ paddingTop: 120 }}
        />
      );
    }
    return (
      <div className="shell-loading" role="status" aria-label={t('menus.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return <ShellReady user={user} tree={menus.data ?? []} />;
}

function useUserKeys(user: CurrentUser) {
  useEffect(() => {
    const s = sessionStorage;
    s.setItem('userName', user.userName);
    s.setItem('operator_code', user.userName);
    s.setItem('nickName', user.nickName);
    s.setItem('currUserId', user.currUserId);
    s.setItem('user_type', user.userType);
    s.setItem('lastLoginDateTime', user.lastLoginDateTime);
    s.setItem('clientIp', user.clientIp);
    if (user.companyName && !s.getItem('orgName')) s.setItem('orgName', user.companyName);
  }, [user]);
}

function ShellReady({ user, tree }: { user: CurrentUser; tree: MenuNode[] }) {
  const settings = useSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toggleFavourite = useFavouriteToggle();
  useUserKeys(user);

  const model = useMemo(
    () =>
      buildMenuModel(tree, {
        rootName: settings.menusRootName,
        lowercaseUrls: settings.lowercaseUrls,
        isAllKeepAlive: settings.isAllKeepAlive,
        hasPage,
      }),
    [tree, settings.menusRootName, settings.lowercaseUrls, settings.isAllKeepAlive],
  );
  useEffect(() => {
    sessionStorage.setItem('menusType', String(model.menusType));
  }, [model.menusType]);

  // Permissions: loaded once the shell opens, cached in session storage, checked again on focus.
  const permissions = useQuery({
    queryKey: ['permissions'],
    queryFn: async () => {
      const map = await call(userRoutes.getUserPermissions, { query: { time: String(Date.now()) } });
      sessionStorage.setItem('userPermissions', JSON.stringify(map));
      return map;
    },
    placeholderData: storedPermissions,
    retry: false,
  });
  const { refetch: recheck } = permissions;
  useEffect(() => {
    // Coming back to the window is when a person learns the session ended elsewhere or locked.
    const onFocus = () => void recheck();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [recheck]);

  const forcedCheck = settings.firstPasswordCheck && !settings.freeLogin;
  const defaultPwd = useQuery({
    queryKey: ['checkDefaultPwd', user.currUserId],
    queryFn: () => call(userRoutes.checkDefaultPwd),
    enabled: forcedCheck,
    retry: false,
  });

  const [locked, setLocked] = useState(user.locked);
  const [serverLocked, setServerLocked] = useState(user.locked);
  if (serverLocked !== user.locked) {
    // The server's word (a fresh getCurrUser) wins over what this page believed.
    setServerLocked(user.locked);
    setLocked(user.locked);
  }
  useEffect(() => {
    writeCookie(LOCK_COOKIE, locked ? '1' : null);
  }, [locked]);
  const onLocked = useCallback(() => setLocked(true), []);
  const reactions = useSessionReactions(settings, onLocked);

  const transportPassword = useMemo(() => createPasswordTransport(settings.webEncryptType), [settings.webEncryptType]);
  const session = useMemo<ShellSession>(
    () => ({
      user,
      refreshUser: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      forceLogout: () => {
        reactions.silence();
        writeCookie(LOCK_COOKIE, null);
        setTimeout(() => void logout(), FORCED_LOGOUT_DELAY_MS);
      },
      transportPassword,
    }),
    [user, queryClient, reactions, transportPassword],
  );

  const openRoute = useCallback((route: MenuRoute) => navigate(route.kind === 'unknown' ? '/' : route.path), [navigate]);
  const shell = useMemo<ShellContextValue>(
    () => ({ model, openRoute, toggleFavourite: (route) => void toggleFavourite(route) }),
    [model, openRoute, toggleFavourite],
  );

  return (
    <ShellSessionProvider value={session}>
      <PermissionsProvider value={permissions.data ?? {}}>
        <ShellContext.Provider value={shell}>
          <DialogServiceProvider>
            <LiveUpdatesProvider enabled={permissions.data?.[MESSAGE_PERMISSION] === true}>
              <ShellBody model={model} roots={tree} user={user} onLock={onLocked} />
            </LiveUpdatesProvider>
            {forcedCheck && defaultPwd.data?.result === true && (
              <Suspense fallback={null}>
                <ForcedPasswordDialog open />
              </Suspense>
            )}
            {locked && (
              <LockScreen
                user={user}
                transport={transportPassword}
                onUnlocked={() => {
                  setLocked(false);
                  void queryClient.invalidateQueries();
                }}
                onLogout={settings.freeLogin ? undefined : () => void logout()}
              />
            )}
          </DialogServiceProvider>
        </ShellContext.Provider>
      </PermissionsProvider>
    </ShellSessionProvider>
  );
}

interface ShellBodyProps {
  model: MenuModel;
  /** The tree as answered: what the sidebar shows without top menus. */
  roots: MenuNode[];
  user: CurrentUser;
  onLock: () => void;
}

function ShellBody({ model, roots, user, onLock }: ShellBodyProps) {
  const settings = useSettings();
  const location = useLocation();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const path = location.pathname;
  const isHome = path === HOME_PATH;
  const route = model.routes.get(path);
  const home = useMemo(() => homeView(t('tabs.home')), [t]);

  const [views, setViews] = useState<TabView[]>(() => {
    if (!settings.keepVisitedViewsOnReload) return [home];
    const restored = restoreViews(sessionStorage.getItem('visitedViews'), (p) => p === HOME_PATH || model.routes.has(p), home);
    return restored;
  });
  // Tab titles follow the menus as loaded now (the language may have changed since they opened).
  const shownViews = views.map((v) => (v.path === HOME_PATH ? home : { ...v, name: model.routes.get(v.path)?.menu.title ?? v.name }));
  const [searches, setSearches] = useState<Record<string, string>>({});
  const [seen, setSeen] = useState<string | null>(null);
  const here = path + location.search;
  if (seen !== here) {
    setSeen(here);
    if (isHome || route) {
      const view = isHome ? home : { name: route!.menu.title, path, id: route!.menu.id };
      setViews((list) => openView(list, view, settings.tabLimit, home));
      setSearches((map) => ({ ...map, [path]: location.search }));
    }
  }
  useEffect(() => {
    if (settings.keepVisitedViewsOnReload) sessionStorage.setItem('visitedViews', JSON.stringify(views));
    else sessionStorage.removeItem('visitedViews');
  }, [views, settings.keepVisitedViewsOnReload]);

  const code = route?.menu.system_code;
  useEffect(() => {
    if (code) void loadSubsystem(code);
  }, [code]);

  const sidebar = useSidebarState();

  // A top menu chosen by hand holds until the person goes to another page. It is tied to the address
  // bar's path, not the rendered one: a navigation still rendering (a transition) must not undo it.
  const [chosenTop, setChosenTop] = useState<{ id: string; at: string } | null>(null);
  const chooseTop = (id: string) => setChosenTop({ id, at: window.location.pathname });
  const pathTop = topOf(model, path)?.id;
  const activeTopId = (chosenTop?.at === path ? chosenTop.id : undefined) ?? pathTop ?? chosenTop?.id ?? model.tops[0]?.id;
  const activeTop = model.tops.find((top) => top.id === activeTopId);
  // With top menus the sidebar shows the active one's children; merged (and on a phone, where the
  // top bar has no room for them), every top menu; without, the whole tree.
  const split = model.menusType === 1 && !settings.mergedMenu && !sidebar.narrow;
  const sideTree = split ? (activeTop?.children ?? []) : model.menusType === 1 ? model.tops : roots;
  const trail = (route ?? model.routes.get(HOME_PATH))?.trail.map((n) => n.id) ?? [];

  // Mounted on first use (a lazy chunk), then kept so its closing animation can play.
  const [mobileDialog, setMobileDialog] = useState<'unused' | 'open' | 'closed'>('unused');
  const userManagement = model.leaves.find((r) => r.menu.name === 'userManagement');
  const onUserAction = (action: UserAction) => {
    switch (action) {
      case 'personalInfo':
        dialogs.open('personalInfo', { title: t('user.personalInfo') });
        break;
      case 'changePassword':
        dialogs.open('changePassword', { title: t('user.changePassword'), width: 560, height: 360 });
        break;
      case 'changeMobile':
        setMobileDialog('open');
        break;
      case 'userManagement':
        if (userManagement) navigate(userManagement.path);
        break;
      case 'lockScreen':
        void call(userRoutes.lock).then(onLock, () => undefined);
        break;
      case 'logout':
        void logout();
        break;
    }
  };

  const tabs = {
    onSelect: (p: string) => navigate(p + (searches[p] ?? '')),
    onClose: (p: string) => {
      const { views: rest, next } = closeView(views, p, path);
      setViews(rest);
      if (next) navigate(next + (searches[next] ?? ''));
    },
    onCloseOthers: () => setViews(closeOthers(views, path, home)),
    onCloseAll: () => {
      setViews(closeAll(home));
      if (!isHome) navigate(HOME_PATH);
    },
  };

  if (model.unknownPaths.has(path)) return <Navigate to="/" replace />;

  const panes: Pane[] = views.map((v) => {
    const r = model.routes.get(v.path);
    const where = v.path + (v.path === path ? location.search : (searches[v.path] ?? ''));
    return { key: v.path, location: where, keepAlive: v.id === HOME_ID || (r?.keepAlive ?? true), content: paneContent(v, r) };
  });
  const content =
    isHome || route ? (
      <TabPanes panes={panes} activeKey={path} labelOf={(key) => shownViews.find((v) => v.path === key)?.name ?? ''} />
    ) : (
      <div className="shell-pane">
        <ErrorPage status={404} embedded />
      </div>
    );

  const mobile =
    mobileDialog === 'unused' ? null : (
      <Suspense fallback={null}>
        <ChangeMobileDialog open={mobileDialog === 'open'} onClose={() => setMobileDialog('closed')} />
      </Suspense>
    );
  const framed = settings.isFrame || settings.isUcf;
  const tabBar = (
    <TabBar views={shownViews} activePath={path} {...tabs} sidebar={framed ? undefined : { open: sidebar.open, toggle: sidebar.toggle }} />
  );
  if (framed) {
    return (
      <Layout className="shell is-framed">
        <Layout.Content className="shell-main">
          <DemoDataBanner user={user} />
          {tabBar}
          <div className="shell-content">{content}</div>
        </Layout.Content>
        {mobile}
      </Layout>
    );
  }
  return (
    <Layout className="shell">
      <TopBar
        user={user}
        tops={split ? model.tops : []}
        activeTopId={activeTopId}
        onChooseTop={chooseTop}
        hasUserManagement={userManagement !== undefined}
        onUserAction={onUserAction}
      />
      <Layout className="shell-body">
        <Sidebar
          key={split ? activeTopId : 'all'}
          nodes={sideTree}
          header={split ? activeTop : undefined}
          open={sidebar.open}
          {...(sidebar.narrow ? { drawer: { onClose: sidebar.close } } : {})}
          selectedTrail={trail}
          onChoose={(id) => {
            sidebar.close();
            const r = model.byId.get(id);
            if (r) navigate(r.kind === 'unknown' ? '/' : r.path);
          }}
        />
        <Layout.Content className="shell-main">
          <DemoDataBanner user={user} />
          {tabBar}
          <div className="shell-content">{content}</div>
        </Layout.Content>
      </Layout>
      {mobile}
    </Layout>
  );
}

function paneContent(view: TabView, route: MenuRoute | undefined) {
  if (view.id === HOME_ID || view.path === HOME_PATH) {
    const Home = MENU_PAGES[HOME_PATH]!;
    return <Home />;
  }
  if (!route) return null;
  if (route.kind === 'iframe') return <IframePage route={route} />;
  const Page = MENU_PAGES[route.path];
  if (!Page) return null;
  return (
    <MenuArgProvider value={route.arg}>
      <Suspense fallback={<Spin size="large" className="shell-pane-spin" />}>
        <Page />
      </Suspense>
    </MenuArgProvider>
  );
}
