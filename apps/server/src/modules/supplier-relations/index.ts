// The public entry of the supplier-relations module: all that other modules, app.ts and db/ may import from it.
export { createSupplierRelationsRepo } from './supplier-relations.repo';
export { createSupplierRelationsService } from './supplier-relations.service';
