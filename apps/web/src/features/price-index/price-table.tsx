import type { PriceIndexDay } from '@portal/contracts/price-index';
import { ScrollRegion } from '../../shared/scroll-region';
import type { PriceTexts } from './texts';
import { volumeText, yuan } from './ranges';

/** The chart's numbers as a table, newest day first: what a screen reader (or anyone) reads instead of the picture. */
export function PriceTable({ days, caption, texts }: { days: PriceIndexDay[]; caption: string; texts: PriceTexts }) {
  const rows = [...days].reverse();
  return (
    <ScrollRegion label={caption} minWidth={760}>
      <table className="price-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {[
              texts.date,
              texts.index,
              texts.open,
              texts.high,
              texts.low,
              texts.close,
              texts.volume,
              texts.samples,
              texts.removed,
              texts.mark,
            ].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.date}>
              <th scope="row" className="tabular">
                {d.date}
              </th>
              <td className="tabular">{yuan(d.index)}</td>
              <td className="tabular">{yuan(d.open)}</td>
              <td className="tabular">{yuan(d.high)}</td>
              <td className="tabular">{yuan(d.low)}</td>
              <td className="tabular">{yuan(d.close)}</td>
              <td className="tabular">{volumeText(d.volume)}</td>
              <td className="tabular">{d.samples}</td>
              <td className="tabular">{d.removed}</td>
              <td>{markOf(d, texts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** What a day's value says about itself: carried, withheld, the operator's note. */
export function markOf(d: PriceIndexDay, texts: PriceTexts): string {
  return [d.withheld ? texts.withheld : '', d.carried ? texts.carried : '', d.note].filter(Boolean).join('；');
}
