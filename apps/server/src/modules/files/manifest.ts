import { fileOwners } from './migrations/080-file-owners';
import { fileLinks } from './migrations/195-file-links';
import { defineModule } from '../../platform/module';
import { createFilesRepo } from './files.repo';
import { registerFilesRoutes } from './files.routes';
import { createFilesService, type FilesService } from './files.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    files: FilesService;
  }
}

/** Stored files, their downloads, and files given as evidence of a record (read only by its parties). */
export const filesModule = defineModule({
  name: 'files',
  migrations: { '080-file-owners': fileOwners, '195-file-links': fileLinks },
  services: (ctx) => createFilesService({ repo: createFilesRepo(ctx.db), permissionsOf: ctx.need('access').permissionsOf, now: ctx.now }),
  provides: (files) => ({ files }),
  routes: (app, files) => registerFilesRoutes(app, { files }),
});
