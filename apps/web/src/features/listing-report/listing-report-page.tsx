import { LISTING_MANAGE_STATE_VALUES, LISTING_MANAGE_STATES } from '@portal/contracts/trade-constants';
import { listingReportListing, type ListingReportRow } from '@portal/contracts/listing-report';
import { ResourcePage } from '../../shared/resource/resource-page';
import { useLang } from '../../shared/use-lang';
import { REPORT_TEXTS } from './texts';

/** Operators' reports · listings by state per company: one row per company, one column per state. */
export function ListingReportPage() {
  const lang = useLang();
  const texts = REPORT_TEXTS[lang];
  return (
    <ResourcePage<ListingReportRow>
      resource={listingReportListing}
      noun={texts.noun}
      searchFields={[{ name: 'keyword', label: texts.keyword }]}
      columns={[
        { title: texts.company, dataIndex: 'companyName', render: (name: string) => name || texts.noCompany },
        ...LISTING_MANAGE_STATE_VALUES.map((state, i) => ({
          key: `state-${state}`,
          title: LISTING_MANAGE_STATES[state][lang],
          className: 'tabular',
          render: (_: unknown, row: ListingReportRow) => row.byState[i]?.count ?? 0,
        })),
        { title: texts.total, dataIndex: 'total', className: 'tabular' },
      ]}
    />
  );
}
