// The public entry of the supplier-relations module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createSupplierRelationsRepo } from './supplier-relations.repo';
export { createSupplierRelationsService } from './supplier-relations.service';
export { createSupplierFigures } from './figures';
export type { SupplierFigures } from './figures';
