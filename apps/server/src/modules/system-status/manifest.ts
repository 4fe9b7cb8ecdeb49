import { localized as l } from '@portal/contracts/constants';
import { SYSTEM_STATUS_PERMISSION } from '@portal/contracts/system-status';
import { defineModule } from '../../platform/module';
import { serverVersion } from '../../platform/server-version';
import { nodeIdOf } from '../../settings';
import { checkInvariant } from '../deposits';
import { createLedgerWatch } from './ledger-watch';
import { systemStatusPage } from './migrations/108-system-status-page';
import { systemNodes } from './migrations/202-system-nodes';
import { registerStatusGauges } from './system-status.metrics';
import { createSystemStatusRepo } from './system-status.repo';
import { registerSystemStatusRoutes } from './system-status.routes';
import { createSystemStatusService, STATUS_TASKS } from './system-status.service';

/** The operators' system page, the nodes' announcements behind it, and the scheduled deposit ledger check. */
export const systemStatusModule = defineModule({
  name: 'system-status',
  migrations: { '108-system-status-page': systemStatusPage, '202-system-nodes': systemNodes },
  title: l('系统状态', 'System status', '系統狀態'),
  permissions: [
    {
      code: SYSTEM_STATUS_PERMISSION,
      title: l('查看系统状态：节点、作业与故障', 'View the system status: nodes, jobs and failures', '檢視系統狀態：節點、作業與故障'),
    },
  ],
  menus: ['system-status'],
  settings: ['NODE_ANNOUNCE_SECONDS', 'NODE_MISSING_SECONDS', 'DEPOSIT_CHECK_SECONDS'],
  services(ctx) {
    const s = ctx.settings;
    const repo = createSystemStatusRepo(ctx.db);
    const ledger =
      s.DEPOSIT_CHECK_SECONDS > 0
        ? createLedgerWatch({
            kv: ctx.kv,
            now: ctx.now,
            intervalMs: s.DEPOSIT_CHECK_SECONDS * 1000,
            check: () => checkInvariant(ctx.db),
            onMismatch: (problems) =>
              ctx.app.log.error({ problems: problems.slice(0, 20), count: problems.length }, 'deposit accounts differ from their ledgers'),
          })
        : null;
    const messageStreams = ctx.need('messageStreams');
    const auctionStreams = ctx.need('auctionStreams');
    const status = createSystemStatusService({
      repo,
      now: ctx.now,
      health: ctx.health,
      ledger,
      node: {
        id: nodeIdOf(s),
        version: serverVersion(),
        startedAt: ctx.now().toISOString(),
        openStreams: () => ({ message: messageStreams.count(), auction: auctionStreams.count() }),
        recentFailures: ctx.metrics.http.recentFailures,
      },
      missingAfterSeconds: s.NODE_MISSING_SECONDS,
    });
    ctx.periodic.every(STATUS_TASKS.announce, s.NODE_ANNOUNCE_SECONDS * 1000, () => status.announce());
    if (ledger) ctx.periodic.every(STATUS_TASKS.ledger, s.DEPOSIT_CHECK_SECONDS * 1000, () => ledger.round());
    registerStatusGauges(ctx.metrics, { repo, now: ctx.now, ledger });
    return status;
  },
  routes: (app, status, ctx) => registerSystemStatusRoutes(app, { access: ctx.need('access'), status }),
});
