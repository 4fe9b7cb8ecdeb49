import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type Time,
} from 'lightweight-charts';
import type { PriceIndexDay } from '@portal/contracts/price-index';

/** Traders' convention in China: red is up, green is down (the portal's colours). */
const UP = '#cf1322';
const DOWN = '#389e0d';
const LINE = '#1677ff';
const VOLUME = 'rgba(22, 119, 255, 0.25)';
/** Prices arrive in cents per unit and read in yuan. */
const CENTS = { type: 'custom', minMove: 1, formatter: (p: number) => (p / 100).toFixed(2) } as const;

/** The day a crosshair points at, as YYYY-MM-DD, whatever form the library hands it in. */
function dayOfTime(time: Time): string {
  if (typeof time === 'string') return time;
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${time.year}-${two(time.month)}-${two(time.day)}`;
}

interface Series {
  candles: ISeriesApi<'Candlestick'>;
  line: ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
}

/**
 * Daily candles (days with their own deals), the index as a line (carried days included) and the
 * volume below. The crosshair names the day it points at (`onHover`), null when it leaves; the
 * canvas is a picture for sighted readers, the table view carries the same numbers as text.
 */
export function PriceChart(p: { days: PriceIndexDay[]; label: string; locale: string; onHover: (date: string | null) => void }) {
  const { days, label, locale, onHover } = p;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  }, [onHover]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#595959', attributionLogo: false },
      grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
      rightPriceScale: { borderColor: '#d9d9d9', scaleMargins: { top: 0.08, bottom: 0.28 } },
      timeScale: { borderColor: '#d9d9d9' },
      localization: { locale, dateFormat: 'yyyy-MM-dd' },
    });
    const candles = c.addSeries(CandlestickSeries, {
      priceFormat: CENTS,
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    const line = c.addSeries(LineSeries, {
      priceFormat: CENTS,
      color: LINE,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    });
    const volume = c.addSeries(HistogramSeries, {
      color: VOLUME,
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    c.subscribeCrosshairMove((param) => hover.current(param.time === undefined ? null : dayOfTime(param.time)));
    chart.current = c;
    series.current = { candles, line, volume };
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, [locale]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.candles.setData(
      days.map((d) =>
        d.open !== null && d.high !== null && d.low !== null && d.close !== null
          ? { time: d.date, open: d.open, high: d.high, low: d.low, close: d.close }
          : { time: d.date },
      ),
    );
    s.line.setData(days.map((d) => (d.index === null ? { time: d.date } : { time: d.date, value: d.index })));
    s.volume.setData(days.map((d) => ({ time: d.date, value: d.volume })));
    chart.current?.timeScale().fitContent();
  }, [days, locale]);

  return <div ref={box} className="price-chart" role="img" aria-label={label} />;
}
