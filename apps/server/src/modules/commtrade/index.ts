export { createCommtradeRepo } from './commtrade.repo';
export { registerCommtradeRoutes } from './commtrade.routes';
export { createCommtradeService } from './commtrade.service';
