import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScrape } from './test/prometheus-text';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The operators' Prometheus alert rules and Grafana dashboard (ops/): the rules file is YAML with
 * the groups and alerts the runbook names, and every metric either file asks for is one the
 * server answers on /metrics (promtool is not at hand; a renamed metric would otherwise leave an
 * alert that never fires).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}
interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

let t: TestApp;
let exported: Set<string>;
beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  // The pool's gauges exist on PostgreSQL only; the dashboard shows them when they do.
  if (t.database.dialect === 'sqlite') t.app.live.metrics.pool(() => ({ total: 0, idle: 0, waiting: 0 }));
  const { families } = parseScrape((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
  exported = new Set(
    [...families].flatMap(([name, type]) =>
      type === 'histogram'
        ? [`${name}_bucket`, `${name}_count`, `${name}_sum`]
        : type === 'summary'
          ? [name, `${name}_count`, `${name}_sum`]
          : [name],
    ),
  );
});
afterAll(async () => {
  await t.close();
});

/** The portal's, the process's and Node's metric names an expression reads. */
const metricsIn = (expr: string) => [...expr.matchAll(/\b((?:portal|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!);

describe('ops/prometheus/alerts.yml', () => {
  const rules = parse(read('ops/prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] };

  it('is YAML with the money, HTTP, job and node groups, each rule with a severity and a summary', () => {
    expect(rules.groups.map((g) => g.name)).toEqual(['portal-money', 'portal-http', 'portal-jobs', 'portal-nodes']);
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PortalDepositLedgerMismatch',
        'PortalHigh5xxRate',
        'PortalHighP99Latency',
        'PortalJobLag',
        'PortalNodeDown',
        'PortalNodesAbsent',
      ]),
    );
    for (const rule of alerts) {
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.expr.trim(), rule.alert).not.toBe('');
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
    const byName = Object.fromEntries(alerts.map((r) => [r.alert, r.expr]));
    expect(byName.PortalDepositLedgerMismatch).toContain('portal_deposit_ledger_mismatch');
    expect(byName.PortalHigh5xxRate).toContain('status_code=~"5.."');
    expect(byName.PortalHighP99Latency).toContain('histogram_quantile(0.99');
    expect(byName.PortalNodeDown).toContain('up{job="portal"} == 0');
    expect(byName.PortalNodesAbsent).toContain('absent(up{job="portal"})');
  });

  it('reads only metrics the server answers', () => {
    for (const rule of rules.groups.flatMap((g) => g.rules))
      for (const name of metricsIn(rule.expr)) expect(exported.has(name), `${rule.alert}: ${name}`).toBe(true);
  });
});

describe('ops/grafana/portal-dashboard.json', () => {
  const dashboard = JSON.parse(read('ops/grafana/portal-dashboard.json')) as { uid: string; panels: Panel[] };

  it('has a panel for each family, every query reading metrics the server answers', () => {
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((q) => ({ panel: p.title, expr: q.expr })));
    const read = new Set(queries.flatMap((q) => metricsIn(q.expr)));
    for (const { panel, expr } of queries) for (const name of metricsIn(expr)) expect(exported.has(name), `${panel}: ${name}`).toBe(true);
    const portalFamilies = [...exported].filter((n) => n.startsWith('portal_') && !/_(bucket|sum)$/.test(n) && n !== 'portal_node_info');
    const shown = (family: string) => read.has(family) || read.has(family.replace(/_count$/, '_bucket'));
    for (const family of portalFamilies) expect(shown(family), family).toBe(true);
  });
});
