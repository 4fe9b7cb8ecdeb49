import type { FastifyInstance } from 'fastify';
import {
  loginLogListing,
  menusResource,
  onlineSessionsListing,
  operationLogListing,
  roleActions,
  rolesResource,
  sessionActions,
  userActions,
  usersResource,
} from '@portal/contracts/admin';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import { actorOf, registerResource, type ResourceService } from '../../platform/resource';
import type { LogsService } from './logs.service';
import type { RolesAdminService } from './roles.service';
import type { OnlineSessionsService } from './sessions.service';
import type { UsersAdminService } from './users.service';

export interface SystemAdminDeps {
  access: AccessDeps;
  users: UsersAdminService;
  roles: RolesAdminService;
  menus: ResourceService<typeof menusResource>;
  logs: LogsService;
  online: OnlineSessionsService;
}

/** System management: users, roles, menus, online sessions and the two logs. */
export function registerSystemAdminRoutes(app: FastifyInstance, d: SystemAdminDeps): void {
  const { access } = d;
  registerResource(app, access, usersResource, d.users);
  registerEndpoint(app, access, userActions.setStatus, async ({ body, session, request }) =>
    d.users.setStatus(body.id, body.enabled, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, userActions.resetPassword, async ({ body, session, request }) =>
    d.users.resetPassword(body.id, body.password, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, userActions.unlock, async ({ body, session, request }) =>
    d.users.unlock(body.id, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, userActions.options, async () => d.users.options());

  registerResource(app, access, rolesResource, d.roles);
  registerEndpoint(app, access, roleActions.permissionOptions, async ({ lang }) => d.roles.permissionOptions(lang));
  registerEndpoint(app, access, roleActions.menuOptions, async ({ lang }) => d.roles.menuOptions(lang));

  registerResource(app, access, menusResource, d.menus);

  registerEndpoint(app, access, onlineSessionsListing.endpoints.list, async ({ body, session }) => {
    const { pageNo, pageSize, ...filters } = body;
    return d.online.list(filters, pageNo, pageSize, session);
  });
  registerEndpoint(app, access, sessionActions.kickout, async ({ body, session, request }) =>
    d.online.kickout(body.account, actorOf(session, request.ip)),
  );

  registerEndpoint(app, access, loginLogListing.endpoints.list, async ({ body }) => {
    const { pageNo, pageSize, ...filters } = body;
    return d.logs.loginLog(filters, pageNo, pageSize);
  });
  registerEndpoint(app, access, operationLogListing.endpoints.list, async ({ body }) => {
    const { pageNo, pageSize, ...filters } = body;
    return d.logs.operationLog(filters, pageNo, pageSize);
  });
}
