import type { Lang } from '@portal/contracts/i18n';

/** The system page's own words, in the three languages, kept with the page. */
export interface SystemTexts {
  title: string;
  answeredBy: (node: string, time: string) => string;
  polling: (seconds: number) => string;
  ready: string;
  notReady: string;
  checks: string;
  checkNames: Record<string, string>;
  checkOk: string;
  checkFailed: string;
  ms: (ms: number) => string;
  jobs: string;
  jobsUnknown: string;
  pending: string;
  due: string;
  lag: string;
  failed: string;
  seconds: (s: number) => string;
  ledger: string;
  ledgerOk: string;
  ledgerMismatch: (problems: number) => string;
  ledgerNotYet: string;
  checkedAt: (time: string) => string;
  nodes: string;
  nodesCaption: (missingAfter: number) => string;
  node: string;
  thisNode: string;
  state: string;
  states: { up: string; missing: string };
  version: string;
  startedAt: string;
  lastSeen: string;
  silentFor: (s: number) => string;
  load: string;
  memory: string;
  streams: string;
  /** One line per kind of stream, shown one under the other so the column stays narrow. */
  streamCounts: (message: number, auction: number) => [string, string];
  failures: string;
  noFailures: string;
  time: string;
  kind: string;
  kinds: { answer: string; job: string };
  requestId: string;
  route: string;
  status: string;
  detail: string;
  trend: (label: string, last: string, min: string, max: string) => string;
  noTrend: (label: string) => string;
}

const zhCN: SystemTexts = {
  title: '系统状态',
  answeredBy: (node, time) => `由节点 ${node} 于 ${time} 应答`,
  polling: (s) => `每 ${s} 秒自动刷新`,
  ready: '就绪',
  notReady: '未就绪',
  checks: '就绪检查',
  checkNames: { database: '数据库', redis: 'Redis', migrations: '数据库迁移', scheduler: '定时任务调度' },
  checkOk: '正常',
  checkFailed: '异常',
  ms: (ms) => `${ms} 毫秒`,
  jobs: '定时作业',
  jobsUnknown: '数据库未应答，作业数据暂不可用',
  pending: '待执行',
  due: '已到期',
  lag: '最久延迟',
  failed: '已放弃',
  seconds: (s) => `${s} 秒`,
  ledger: '保证金账实核对',
  ledgerOk: '账户与分录一致',
  ledgerMismatch: (n) => `发现 ${n} 处不一致`,
  ledgerNotYet: '尚未核对',
  checkedAt: (time) => `核对时间 ${time}`,
  nodes: '服务节点',
  nodesCaption: (s) => `超过 ${s} 秒未上报的节点显示为失联`,
  node: '节点',
  thisNode: '本节点',
  state: '状态',
  states: { up: '在线', missing: '失联' },
  version: '版本',
  startedAt: '启动时间',
  lastSeen: '最近上报',
  silentFor: (s) => `${s} 秒前`,
  load: '负载（1 分钟）',
  memory: '内存',
  streams: '实时连接',
  streamCounts: (m, a) => [`消息 ${m}`, `竞价 ${a}`],
  failures: '近期故障',
  noFailures: '近期没有故障',
  time: '时间',
  kind: '类型',
  kinds: { answer: '5xx 应答', job: '作业失败' },
  requestId: '请求 ID',
  route: '接口 / 作业',
  status: '状态码',
  detail: '说明',
  trend: (label, last, min, max) => `${label}走势：当前 ${last}，最低 ${min}，最高 ${max}`,
  noTrend: (label) => `${label}走势：数据不足`,
};

const enUS: SystemTexts = {
  title: 'System status',
  answeredBy: (node, time) => `Answered by node ${node} at ${time}`,
  polling: (s) => `Refreshes every ${s} s`,
  ready: 'Ready',
  notReady: 'Not ready',
  checks: 'Readiness checks',
  checkNames: { database: 'Database', redis: 'Redis', migrations: 'Migrations', scheduler: 'Job scheduler' },
  checkOk: 'OK',
  checkFailed: 'Failing',
  ms: (ms) => `${ms} ms`,
  jobs: 'Timed jobs',
  jobsUnknown: 'The database did not answer; job figures are unavailable',
  pending: 'Pending',
  due: 'Due',
  lag: 'Longest wait',
  failed: 'Given up',
  seconds: (s) => `${s} s`,
  ledger: 'Deposit ledger check',
  ledgerOk: 'Accounts equal their ledgers',
  ledgerMismatch: (n) => `${n} ${n === 1 ? 'difference' : 'differences'} found`,
  ledgerNotYet: 'Not checked yet',
  checkedAt: (time) => `Checked at ${time}`,
  nodes: 'Server nodes',
  nodesCaption: (s) => `A node not heard from for over ${s} s shows as missing`,
  node: 'Node',
  thisNode: 'this node',
  state: 'State',
  states: { up: 'Up', missing: 'Missing' },
  version: 'Version',
  startedAt: 'Started',
  lastSeen: 'Last seen',
  silentFor: (s) => `${s} s ago`,
  load: 'Load (1 min)',
  memory: 'Memory',
  streams: 'Live streams',
  streamCounts: (m, a) => [`messages ${m}`, `auctions ${a}`],
  failures: 'Recent failures',
  noFailures: 'No recent failures',
  time: 'Time',
  kind: 'Kind',
  kinds: { answer: '5xx answer', job: 'Failed job' },
  requestId: 'Request ID',
  route: 'Route / job',
  status: 'Status',
  detail: 'Detail',
  trend: (label, last, min, max) => `${label} trend: now ${last}, lowest ${min}, highest ${max}`,
  noTrend: (label) => `${label} trend: not enough data yet`,
};

const zhTW: SystemTexts = {
  title: '系統狀態',
  answeredBy: (node, time) => `由節點 ${node} 於 ${time} 回應`,
  polling: (s) => `每 ${s} 秒自動重新整理`,
  ready: '就緒',
  notReady: '未就緒',
  checks: '就緒檢查',
  checkNames: { database: '資料庫', redis: 'Redis', migrations: '資料庫遷移', scheduler: '排程作業' },
  checkOk: '正常',
  checkFailed: '異常',
  ms: (ms) => `${ms} 毫秒`,
  jobs: '排程作業',
  jobsUnknown: '資料庫未回應，作業資料暫時無法取得',
  pending: '待執行',
  due: '已到期',
  lag: '最久延遲',
  failed: '已放棄',
  seconds: (s) => `${s} 秒`,
  ledger: '保證金帳實核對',
  ledgerOk: '帳戶與分錄一致',
  ledgerMismatch: (n) => `發現 ${n} 處不一致`,
  ledgerNotYet: '尚未核對',
  checkedAt: (time) => `核對時間 ${time}`,
  nodes: '服務節點',
  nodesCaption: (s) => `超過 ${s} 秒未回報的節點顯示為失聯`,
  node: '節點',
  thisNode: '本節點',
  state: '狀態',
  states: { up: '線上', missing: '失聯' },
  version: '版本',
  startedAt: '啟動時間',
  lastSeen: '最近回報',
  silentFor: (s) => `${s} 秒前`,
  load: '負載（1 分鐘）',
  memory: '記憶體',
  streams: '即時連線',
  streamCounts: (m, a) => [`訊息 ${m}`, `競價 ${a}`],
  failures: '近期故障',
  noFailures: '近期沒有故障',
  time: '時間',
  kind: '類型',
  kinds: { answer: '5xx 回應', job: '作業失敗' },
  requestId: '請求 ID',
  route: '介面 / 作業',
  status: '狀態碼',
  detail: '說明',
  trend: (label, last, min, max) => `${label}走勢：目前 ${last}，最低 ${min}，最高 ${max}`,
  noTrend: (label) => `${label}走勢：資料不足`,
};

export const SYSTEM_TEXTS: Record<Lang, SystemTexts> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
