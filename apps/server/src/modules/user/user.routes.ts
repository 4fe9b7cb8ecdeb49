import type { FastifyInstance } from 'fastify';
import { userEndpoints as ep } from '@portal/contracts/user';
import { AppError } from '../../platform/errors';
import { isCrossSite, registerEndpoint, setSessionCookie, type AccessDeps } from '../../platform/http';
import type { SessionRecord } from '../../platform/sessions';
import type { CurrentUser } from '@portal/contracts/account';
import type { UserService } from './user.service';

interface UserRouteDeps {
  access: AccessDeps;
  user: UserService;
  currentUser(session: SessionRecord): Promise<CurrentUser>;
  cookieSecure: 'auto' | 'on' | 'off';
}

/** The signed-in user's permissions, personal info, password and screen lock; operators' kick-out. */
export function registerUserRoutes(app: FastifyInstance, d: UserRouteDeps): void {
  // While a default password must be changed, only the change and the user's own info and settings answer.
  const ownOnly = { allowDuringPasswordChange: true };
  registerEndpoint(app, d.access, ep.getUserPermissions, async ({ session }) => d.user.permissions(session.userId), ownOnly);
  registerEndpoint(
    app,
    d.access,
    ep.checkDefaultPwd,
    async ({ session }) => ({ result: await d.user.hasDefaultPassword(session) }),
    ownOnly,
  );
  registerEndpoint(
    app,
    d.access,
    ep.resetPwd,
    async ({ session, body }) => {
      await d.user.changePassword(session, body);
      return null;
    },
    ownOnly,
  );
  registerEndpoint(app, d.access, ep.modifyCurrUserInfo, async ({ session, body }) => d.user.updateProfile(session, body), ownOnly);
  registerEndpoint(app, d.access, ep.lock, async ({ session }) => d.user.lock(session).then(() => null), { allowLocked: true, ...ownOnly });
  registerEndpoint(app, d.access, ep.unlock, async ({ session, body }) => d.user.unlock(session, body.password).then(() => null), {
    allowLocked: true,
    ...ownOnly,
  });
  // Entry by token: the browser shows whose account it is and adopts the token only when the person
  // confirms; neither call answers a request another site's page caused.
  registerEndpoint(app, d.access, ep.tokenEntryPreview, async ({ body, request }) => {
    if (isCrossSite(request)) throw new AppError('CROSS_SITE_REFUSED');
    const user = await d.currentUser(await d.user.sessionOfToken(body.token));
    return { userName: user.userName, nickName: user.nickName, companyName: user.companyName };
  });
  registerEndpoint(app, d.access, ep.tokenEntry, async ({ body, request, reply }) => {
    if (isCrossSite(request)) throw new AppError('CROSS_SITE_REFUSED');
    const session = await d.user.sessionOfToken(body.token);
    setSessionCookie(reply, request, body.token, d.cookieSecure);
    return d.currentUser(session);
  });
  registerEndpoint(app, d.access, ep.kickout, async ({ body }) => ({ count: await d.user.kickout(body.key) }));
}
