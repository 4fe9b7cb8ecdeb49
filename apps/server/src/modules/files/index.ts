// The public entry of the files module: all that other modules, app.ts and db/ may import from it.
export { createFilesRepo } from './files.repo';
export { createFilesService } from './files.service';
