// The public entry of the commtrade module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createCommtradeRepo } from './commtrade.repo';
export { createCommtradeService } from './commtrade.service';
