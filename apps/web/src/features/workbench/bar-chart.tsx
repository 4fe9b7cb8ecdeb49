import { useEffect, useRef, useState } from 'react';
import { useThemeToken } from '../../shared/use-theme-token';
import type { Bar } from './figures';

/** A time as the library hands it back (a business day, a date text or a timestamp) as YYYY-MM-DD. */
export function dayText(time: unknown): string {
  if (typeof time === 'string') return time;
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  const d = time as { year: number; month: number; day: number };
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** The chart's height; reserved before the library arrives, so nothing below it moves. */
const HEIGHT = 220;

interface BarChartProps {
  bars: readonly Bar[];
  /** What the chart shows, in words: the chart is an image to assistive technology. */
  label: string;
  /** A time (YYYY-MM-DD) as the axis writes it. */
  tick: (time: string) => string;
  /** An amount in cents as the price scale writes it. */
  amount: (cents: number) => string;
}

/**
 * A histogram of amounts over time, drawn by lightweight-charts, which downloads only when the
 * workbench shows a chart. Scrolling and zooming are off: the chart is read, not explored, and a
 * finger on a phone must still scroll the page. The library's own logo is off (its style element
 * would need the page's nonce); the page credits it in words instead.
 */
export function BarChart({ bars, label, tick, amount }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const token = useThemeToken();
  const [failed, setFailed] = useState(false);
  const { colorPrimary, colorTextSecondary, colorSplit, fontFamily } = token;
  useEffect(() => {
    let disposed = false;
    let remove: (() => void) | undefined;
    import('lightweight-charts').then(
      ({ createChart, HistogramSeries, ColorType }) => {
        if (disposed || !box.current) return;
        const chart = createChart(box.current, {
          autoSize: true,
          height: HEIGHT,
          layout: {
            background: { type: ColorType.Solid, color: 'transparent' },
            textColor: colorTextSecondary,
            fontFamily,
            fontSize: 12,
            attributionLogo: false,
          },
          grid: { vertLines: { visible: false }, horzLines: { color: colorSplit } },
          rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0 } },
          timeScale: {
            borderVisible: false,
            fixLeftEdge: true,
            fixRightEdge: true,
            tickMarkFormatter: (time: unknown) => tick(dayText(time)),
          },
          localization: { timeFormatter: (time: unknown) => tick(dayText(time)), priceFormatter: (v: number) => amount(v * 100) },
          handleScroll: false,
          handleScale: false,
          crosshair: { vertLine: { visible: false } },
        });
        const series = chart.addSeries(HistogramSeries, { color: colorPrimary, priceLineVisible: false, lastValueVisible: false });
        series.setData(bars.map((b) => ({ time: b.time, value: b.amount / 100 })));
        chart.timeScale().fitContent();
        remove = () => chart.remove();
      },
      () => setFailed(true),
    );
    return () => {
      disposed = true;
      remove?.();
    };
  }, [bars, tick, amount, colorPrimary, colorTextSecondary, colorSplit, fontFamily]);
  return (
    <div className="wb-chart" role="img" aria-label={label} style={{ height: HEIGHT }}>
      {failed ? null : <div ref={box} className="wb-chart-canvas" aria-hidden />}
    </div>
  );
}
