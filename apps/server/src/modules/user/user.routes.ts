import type { FastifyInstance } from 'fastify';
import { userEndpoints as ep } from '@portal/contracts/user';
import { registerEndpoint, setSessionCookie, type AccessDeps } from '../../platform/http';
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
  registerEndpoint(app, d.access, ep.tokenEntry, async ({ body, request, reply }) => {
    const session = await d.user.sessionOfToken(body.token);
    setSessionCookie(reply, request, body.token, d.cookieSecure);
    return d.currentUser(session);
  });
  registerEndpoint(app, d.access, ep.kickout, async ({ body }) => ({ count: await d.user.kickout(body.key) }));
}
