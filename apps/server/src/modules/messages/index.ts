// The public entry of the messages module: all that other modules, app.ts and db/ may import from it.
export { createMessageStreams } from './message-stream';
export type { MessageStreams } from './message-stream';
export { createMessagesService } from './messages.service';
export type { MessageDraft, MessagesService } from './messages.service';
