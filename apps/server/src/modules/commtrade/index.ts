// The public entry of the commtrade module: all that other modules, app.ts and db/ may import from it.
export { createCommtradeRepo } from './commtrade.repo';
export { createCommtradeService } from './commtrade.service';
