export { createSupplierRelationsRepo } from './supplier-relations.repo';
export { registerSupplierRelationsRoutes } from './supplier-relations.routes';
export { createSupplierRelationsService } from './supplier-relations.service';
