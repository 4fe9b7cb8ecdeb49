export { registerContentAdminRoutes } from './content.routes';
export { createContentAdminServices } from './content.service';
export { createUploadService } from './upload.service';
