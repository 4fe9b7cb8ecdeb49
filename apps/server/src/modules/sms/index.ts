export { createHttpProvider, createOutboxProvider } from './sms.providers';
export { createSmsOutboxRepo } from './sms.repo';
export { registerSmsTestRoutes } from './sms.routes';
export { createSmsService } from './sms.service';
export type { SmsService } from './sms.service';
