// The public entry of the files module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createFilesRepo } from './files.repo';
export { createFilesService } from './files.service';
export type { FileReaders, FileScope, FilesService } from './files.service';
