import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PriceIndexDay, PriceIndexSeries } from '@portal/contracts/price-index';
import { QueryState } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { PriceChart } from './price-chart';
import { markOf, PriceTable } from './price-table';
import { usePriceIndexList, usePriceSeries } from './queries';
import { daysInRange, RANGES, volumeText, yuan, type Range } from './ranges';
import { PRICE_TEXTS, type PriceTexts } from './texts';
import './price-index.css';

/** Buttons of which one is pressed: the range and the view. */
function Toggle<T extends string>(p: {
  label: string;
  value: T;
  options: readonly T[];
  names: (v: T) => string;
  onChange: (v: T) => void;
}) {
  return (
    <div className="price-toggle" role="group" aria-label={p.label}>
      {p.options.map((o) => (
        <button key={o} type="button" aria-pressed={p.value === o} className={p.value === o ? 'is-on' : ''} onClick={() => p.onChange(o)}>
          {p.names(o)}
        </button>
      ))}
    </div>
  );
}

/** The values of the day the pointer is on (the last day otherwise), above the chart. */
function DayLegend({ day, texts, unit }: { day: PriceIndexDay | undefined; texts: PriceTexts; unit: string }) {
  if (!day) return null;
  const mark = markOf(day, texts);
  return (
    <dl className="price-legend" aria-live="polite" data-testid="price-legend">
      <div>
        <dt>{texts.date}</dt>
        <dd className="tabular">{day.date}</dd>
      </div>
      {(['open', 'high', 'low', 'close', 'index'] as const).map((k) => (
        <div key={k}>
          <dt>{texts[k]}</dt>
          <dd className="tabular">{yuan(day[k])}</dd>
        </div>
      ))}
      <div>
        <dt>{texts.volume}</dt>
        <dd className="tabular">
          {volumeText(day.volume)} {unit}
        </dd>
      </div>
      <div>
        <dt>{texts.samples}</dt>
        <dd className="tabular">{texts.samplesLine(day.samples, day.removed)}</dd>
      </div>
      {mark ? (
        <div className="price-legend-mark">
          <dt>{texts.mark}</dt>
          <dd>{mark}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function SeriesView({ series, texts, locale }: { series: PriceIndexSeries; texts: PriceTexts; locale: string }) {
  const [range, setRange] = useState<Range>('3M');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [hovered, setHovered] = useState<string | null>(null);
  const days = useMemo(() => daysInRange(series.days, range), [series.days, range]);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const shown = (hovered ? byDate.get(hovered) : undefined) ?? days[days.length - 1];
  const name = series.marketName ? `${series.varietyName}（${series.marketName}）` : series.varietyName;
  if (series.days.length === 0) return <p className="price-empty">{texts.empty}</p>;
  return (
    <>
      <div className="price-controls">
        <Toggle label={texts.range} value={range} options={RANGES} names={(r) => texts.ranges[r]} onChange={setRange} />
        <Toggle
          label={texts.view}
          value={view}
          options={['chart', 'table'] as const}
          names={(v) => (v === 'chart' ? texts.chart : texts.table)}
          onChange={setView}
        />
        <span className="price-unit">{texts.unitPrice(series.currency, series.unit)}</span>
      </div>
      {view === 'chart' ? (
        <>
          <DayLegend day={shown} texts={texts} unit={series.unit} />
          <PriceChart days={days} label={texts.chartLabel(name)} locale={locale} onHover={setHovered} />
          <p className="price-credit">{texts.credit}</p>
        </>
      ) : (
        <PriceTable days={days} caption={texts.tableCaption(name, series.unit)} texts={texts} />
      )}
    </>
  );
}

/**
 * /priceIndex?varietyCode=&marketCode=: the deal price index of a variety, over all markets or in
 * one, as daily candles with the index line and volume (1 M, 3 M, 1 Y or all of it), the values of
 * the day under the pointer, and the same numbers as a table.
 */
export function PricePage() {
  const lang = useLang();
  const texts = PRICE_TEXTS[lang];
  useDocumentTitle(texts.title);
  const [params, setParams] = useSearchParams();
  const list = usePriceIndexList();
  const entries = list.data ?? [];
  const varieties = entries.filter((e) => e.marketCode === '');
  const variety = params.get('varietyCode') || varieties[0]?.varietyCode || '';
  const market = params.get('marketCode') ?? '';
  const markets = entries.filter((e) => e.varietyCode === variety && e.marketCode !== '');
  const series = usePriceSeries(variety, market);
  const choose = (next: { varietyCode: string; marketCode?: string }) =>
    setParams(next.marketCode ? { varietyCode: next.varietyCode, marketCode: next.marketCode } : { varietyCode: next.varietyCode }, {
      replace: true,
    });

  return (
    <div className="portal-container price-page">
      <h1 className="price-title">{texts.title}</h1>
      <div className="price-pickers">
        <label>
          <span>{texts.variety}</span>
          <select value={variety} onChange={(e) => choose({ varietyCode: e.target.value })}>
            {varieties.map((v) => (
              <option key={v.varietyCode} value={v.varietyCode}>
                {v.varietyName}
              </option>
            ))}
          </select>
        </label>
        {markets.length > 0 ? (
          <label>
            <span>{texts.market}</span>
            <select value={market} onChange={(e) => choose({ varietyCode: variety, marketCode: e.target.value })}>
              <option value="">{texts.allMarkets}</option>
              {markets.map((m) => (
                <option key={m.marketCode} value={m.marketCode}>
                  {m.marketName}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {variety === '' && list.isSuccess ? (
        <p className="price-empty">{texts.empty}</p>
      ) : (
        <QueryState query={series}>
          {(s) => <SeriesView key={`${s.varietyCode}/${s.marketCode}`} series={s} texts={texts} locale={lang} />}
        </QueryState>
      )}
      <p className="price-method">{texts.methodology}</p>
    </div>
  );
}
