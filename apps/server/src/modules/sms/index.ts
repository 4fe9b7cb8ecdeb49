// The public entry of the sms module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createHttpProvider, createOutboxProvider } from './sms.providers';
export { createSmsOutboxRepo } from './sms.repo';
export { createSmsService } from './sms.service';
export type { SmsService } from './sms.service';
