export { createFilesRepo } from './files.repo';
export { registerFilesRoutes } from './files.routes';
export { createFilesService } from './files.service';
