// The public entry of the admin-content module: all that other modules, app.ts and db/ may import from it.
export { createContentAdminServices } from './content.service';
export { createUploadService } from './upload.service';
