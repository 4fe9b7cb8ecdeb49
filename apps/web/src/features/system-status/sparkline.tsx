/**
 * A small line of recent values (the page's own history of its polls), drawn as SVG: no chart
 * library for a few dozen points. It is an image to assistive technology, named by `label`, which
 * should say in words what the line shows (the latest value, the lowest and the highest).
 */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 28,
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const pad = 3;
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  // A value that did not change is a line across the middle.
  const yOf = (v: number) => (span === 0 ? height / 2 : height - pad - ((v - min) / span) * (height - 2 * pad));
  const coords = values.map((v, i) => [pad + i * step, yOf(v)] as const);
  const last = coords[coords.length - 1];
  return (
    <svg className="ss-sparkline" role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {coords.length > 1 ? <polyline points={coords.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} /> : null}
      {last ? <circle cx={last[0]} cy={last[1]} r={2.5} /> : null}
    </svg>
  );
}
