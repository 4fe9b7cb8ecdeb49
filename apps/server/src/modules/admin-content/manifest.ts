import { defineModule } from '../../platform/module';
import { registerContentAdminRoutes } from './content.routes';
import { createContentAdminServices } from './content.service';
import { createUploadService } from './upload.service';

/** Content management: the portal's content, its trading reference data, and image uploads. */
export const adminContentModule = defineModule({
  name: 'admin-content',
  permissions: ['content:view', 'content:edit', 'file:upload'],
  settings: ['UPLOAD_QUOTA_MB_PER_COMPANY'],
  services: ({ db, writes, now, settings, need }) => ({
    content: createContentAdminServices({ db, writes, cms: need('cms'), now }),
    uploads: createUploadService({ writes, now, quotaBytes: settings.UPLOAD_QUOTA_MB_PER_COMPANY * 1024 * 1024 }),
  }),
  routes: (app, { content, uploads }, ctx) => registerContentAdminRoutes(app, { access: ctx.need('access'), content, uploads }),
});
