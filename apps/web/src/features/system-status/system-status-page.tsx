import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Card, Table, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { SYSTEM_STATUS_POLL_MS, type SystemFailure, type SystemNode, type SystemStatus } from '@portal/contracts/system-status';
import { formatDateTime, formatNumber } from '../../shared/format';
import { LoadError, QueryState } from '../../shared/query-state';
import { useLang } from '../../shared/use-lang';
import { Sparkline } from './sparkline';
import { SYSTEM_TEXTS, type SystemTexts } from './texts';
import { seriesOf, useSystemStatus, type Sample } from './use-system-status';
import './system-status.css';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${formatNumber(bytes / MB, 0)} MB`;

/** A state in words with its icon: never the colour alone. */
function Flag({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className={ok ? 'ss-flag ss-ok' : 'ss-flag ss-bad'}>
      {ok ? <CheckCircleOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />} {children}
    </span>
  );
}

/** A figure with the line of its recent values. */
function Trend({ label, value, values, format }: { label: string; value: string; values: number[]; format: (v: number) => string }) {
  const texts = SYSTEM_TEXTS[useLang()];
  const described =
    values.length > 1 ? texts.trend(label, value, format(Math.min(...values)), format(Math.max(...values))) : texts.noTrend(label);
  return (
    <div className="ss-figure">
      <span className="ss-muted">{label}</span>
      <span className="ss-value">{value}</span>
      <Sparkline values={values} label={described} />
    </div>
  );
}

function Checks({ status, texts }: { status: SystemStatus; texts: SystemTexts }) {
  return (
    <Card size="small" title={<h2 className="ss-heading">{texts.checks}</h2>}>
      <ul className="ss-checks">
        {status.readiness.checks.map((c) => (
          <li key={c.name}>
            <span>{texts.checkNames[c.name] ?? c.name}</span>
            <Flag ok={c.ok}>{c.ok ? texts.checkOk : texts.checkFailed}</Flag>
            <span className="ss-muted ss-num">{texts.ms(c.ms)}</span>
            {c.error ? <span className="ss-error-text">{c.error}</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Jobs({ status, history, texts }: { status: SystemStatus; history: Sample[]; texts: SystemTexts }) {
  const jobs = status.jobs;
  return (
    <Card size="small" title={<h2 className="ss-heading">{texts.jobs}</h2>}>
      {jobs ? (
        <div className="ss-figures">
          <Trend
            label={texts.pending}
            value={formatNumber(jobs.pending, 0)}
            values={seriesOf(history, (s) => s.pending)}
            format={(v) => formatNumber(v, 0)}
          />
          <Trend
            label={texts.lag}
            value={texts.seconds(jobs.lagSeconds)}
            values={seriesOf(history, (s) => s.lagSeconds)}
            format={(v) => texts.seconds(v)}
          />
          <div className="ss-figure">
            <span className="ss-muted">{texts.due}</span>
            <span className="ss-value">{formatNumber(jobs.due, 0)}</span>
          </div>
          <div className="ss-figure">
            <span className="ss-muted">{texts.failed}</span>
            <span className={jobs.failed > 0 ? 'ss-value ss-bad' : 'ss-value'}>{formatNumber(jobs.failed, 0)}</span>
          </div>
        </div>
      ) : (
        <p className="ss-bad">
          <ExclamationCircleOutlined aria-hidden /> {texts.jobsUnknown}
        </p>
      )}
    </Card>
  );
}

function Ledger({ status, texts }: { status: SystemStatus; texts: SystemTexts }) {
  const { ok, checkedAt, problems } = status.ledger;
  return (
    <Card size="small" title={<h2 className="ss-heading">{texts.ledger}</h2>}>
      {ok === null ? (
        <p className="ss-muted">{texts.ledgerNotYet}</p>
      ) : (
        <>
          <p>
            <Flag ok={ok}>{ok ? texts.ledgerOk : texts.ledgerMismatch(problems)}</Flag>
          </p>
          <p className="ss-muted">{texts.checkedAt(formatDateTime(checkedAt))}</p>
        </>
      )}
    </Card>
  );
}

function Nodes({ status, history, texts }: { status: SystemStatus; history: Sample[]; texts: SystemTexts }) {
  const trend = (node: SystemNode, label: string, pick: (s: Sample['nodes'][string]) => number, format: (v: number) => string) => {
    const values = seriesOf(history, (s) => {
      const figures = s.nodes[node.nodeId];
      return figures ? pick(figures) : null;
    });
    const described =
      values.length > 1
        ? texts.trend(
            `${node.nodeId} ${label}`,
            format(values[values.length - 1]!),
            format(Math.min(...values)),
            format(Math.max(...values)),
          )
        : texts.noTrend(`${node.nodeId} ${label}`);
    return <Sparkline values={values} label={described} width={80} height={22} />;
  };
  /** A column of a figure now and the line of its recent values. */
  const trendColumn = (
    title: string,
    shown: (n: SystemNode) => string,
    pick: (s: Sample['nodes'][string]) => number,
    format: (v: number) => string,
  ): TableColumnType<SystemNode> => ({
    title,
    key: title,
    className: 'ss-num',
    render: (_: unknown, n) => (
      <span className="ss-cell-trend">
        {shown(n)}
        {trend(n, title, pick, format)}
      </span>
    ),
  });
  return (
    <Card size="small" title={<h2 className="ss-heading">{texts.nodes}</h2>}>
      <Table<SystemNode>
        rowKey="nodeId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={status.nodes}
        caption={<span className="ss-muted">{texts.nodesCaption(status.missingAfterSeconds)}</span>}
        columns={[
          {
            title: texts.node,
            dataIndex: 'nodeId',
            render: (id: string, n) => (
              <span className="ss-node">
                <code>{id}</code>
                {n.self ? <span className="ss-self">{texts.thisNode}</span> : null}
              </span>
            ),
          },
          {
            title: texts.state,
            dataIndex: 'state',
            render: (state: SystemNode['state']) => <Flag ok={state === 'up'}>{texts.states[state]}</Flag>,
          },
          { title: texts.version, dataIndex: 'version' },
          { title: texts.startedAt, dataIndex: 'startedAt', render: (at: string) => formatDateTime(at) },
          {
            title: texts.lastSeen,
            dataIndex: 'lastSeenAt',
            render: (at: string, n) => (
              <span className="ss-num">
                {formatDateTime(at)} <span className="ss-muted">({texts.silentFor(n.silentSeconds)})</span>
              </span>
            ),
          },
          trendColumn(
            texts.load,
            (n) => `${formatNumber(n.load1, 2)} / ${n.cpus}`,
            (f) => f.load1,
            (v) => formatNumber(v, 2),
          ),
          trendColumn(
            texts.memory,
            (n) => megabytes(n.memoryBytes),
            (f) => f.memoryBytes,
            megabytes,
          ),
          {
            title: texts.streams,
            key: 'streams',
            render: (_: unknown, n) => (
              <span className="ss-lines">
                {texts.streamCounts(n.openStreams.message, n.openStreams.auction).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Failures({ status, texts }: { status: SystemStatus; texts: SystemTexts }) {
  return (
    <Card size="small" title={<h2 className="ss-heading">{texts.failures}</h2>}>
      <Table<SystemFailure>
        rowKey={(f) => `${f.kind}-${f.at}-${f.requestId}-${f.route}`}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={status.failures}
        locale={{ emptyText: texts.noFailures }}
        columns={[
          { title: texts.time, dataIndex: 'at', render: (at: string) => <span className="ss-num">{formatDateTime(at)}</span> },
          { title: texts.kind, dataIndex: 'kind', render: (kind: SystemFailure['kind']) => texts.kinds[kind] },
          { title: texts.node, dataIndex: 'nodeId', render: (id: string) => (id ? <code>{id}</code> : '') },
          { title: texts.requestId, dataIndex: 'requestId', render: (id: string) => (id ? <code>{id}</code> : '') },
          { title: texts.route, dataIndex: 'route' },
          { title: texts.status, dataIndex: 'status', className: 'ss-num', render: (s: number | null) => s ?? '' },
          { title: texts.detail, dataIndex: 'detail' },
        ]}
      />
    </Card>
  );
}

/**
 * 系统状态: the servers of the installation and whether each is heard from, readiness of the
 * database and Redis, the timed jobs' backlog and lag, the deposit ledger check and recent
 * failures, asked again every few seconds with small charts of the recent figures.
 */
export function SystemStatusPage() {
  const texts = SYSTEM_TEXTS[useLang()];
  const query = useSystemStatus();
  // Before the first answer: the skeleton, or the error with a retry.
  if (!query.data) return <QueryState query={query}>{() => null}</QueryState>;
  const { status, history } = query.data;
  return (
    <div className="ss-page">
      <Card size="small">
        <div className="ss-summary">
          <h1 className="ss-title">{texts.title}</h1>
          <Flag ok={status.readiness.ready}>{status.readiness.ready ? texts.ready : texts.notReady}</Flag>
          <span className="ss-muted">{texts.answeredBy(status.nodeId, formatDateTime(status.at))}</span>
          <span className="ss-muted">{texts.polling(SYSTEM_STATUS_POLL_MS / 1000)}</span>
        </div>
        {/* A failed poll leaves the last answer on screen and says so, with a retry. */}
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} compact /> : null}
      </Card>
      <div className="ss-cards">
        <Checks status={status} texts={texts} />
        <Jobs status={status} history={history} texts={texts} />
        <Ledger status={status} texts={texts} />
      </div>
      <Nodes status={status} history={history} texts={texts} />
      <Failures status={status} texts={texts} />
    </div>
  );
}
