import { MESSAGE_PERMISSION } from '@portal/contracts/messages';
import { localized as l } from '@portal/contracts/constants';
import { messages as messagesMigration } from './migrations/121-messages';
import { defineModule } from '../../platform/module';
import { createMessageStreams, type MessageStreams } from './message-stream';
import { registerMessagesRoutes } from './messages.routes';
import { createMessagesService, type MessagesService } from './messages.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    /** notifyCompany / notifyUsers inside a write's transaction. */
    messages: MessagesService;
    /** The open message streams of this server. */
    messageStreams: MessageStreams;
  }
}

/** The message centre: messages written inside other modules' writes, and their live stream. */
export const messagesModule = defineModule({
  name: 'messages',
  migrations: { '121-messages': messagesMigration },
  title: l('消息中心', 'Messages', '訊息中心'),
  permissions: [{ code: MESSAGE_PERMISSION, title: l('查看与接收消息', 'Read and receive messages', '檢視與接收訊息') }],
  settings: ['SSE_HEARTBEAT_SECONDS'],
  services({ db, now, events, sessions, settings, metrics }) {
    const messages = createMessagesService({ db, now });
    const streams: MessageStreams = createMessageStreams({
      events,
      messages,
      sessions,
      options: { heartbeatMs: settings.SSE_HEARTBEAT_SECONDS * 1000 },
      meter: metrics.stream('message', () => streams.count()),
    });
    return { messages, streams };
  },
  provides: ({ messages, streams }) => ({ messages, messageStreams: streams }),
  routes: (app, { messages, streams }, ctx) => registerMessagesRoutes(app, { access: ctx.need('access'), messages, streams }),
});
