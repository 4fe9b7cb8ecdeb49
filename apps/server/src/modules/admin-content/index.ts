// The public entry of the admin-content module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createContentAdminServices } from './content.service';
export { createUploadService } from './upload.service';
