import type { FastifyInstance } from 'fastify';
import { messageEndpoints } from '@portal/contracts/messages';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { MessageStreams } from './message-stream';
import type { MessagesService } from './messages.service';

/** The message centre's calls; each is one line over the service. The stream closes before the server does. */
export function registerMessagesRoutes(
  app: FastifyInstance,
  deps: { access: AccessDeps; messages: MessagesService; streams: MessageStreams },
) {
  const { access, messages, streams } = deps;
  registerEndpoint(app, access, messageEndpoints.page, async ({ body, session, reader }) => messages.page(session.userId, body, reader));
  registerEndpoint(app, access, messageEndpoints.read, async ({ body, session, reader }) =>
    messages.read(session.userId, body.ids, reader),
  );
  registerEndpoint(app, access, messageEndpoints.unreadCount, async ({ session }) => messages.unreadCount(session.userId));
  streams.register(app, access);
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => streams.close());
}
