// The public entry of the messages module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createMessageStreams } from './message-stream';
export type { MessageStreams } from './message-stream';
export { createMessagesService } from './messages.service';
export type { MessageDraft, MessagesService, NotifyCompany } from './messages.service';
