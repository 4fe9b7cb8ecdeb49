import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MANAGE_STATE_VALUES } from '@portal/contracts/trade-constants';
import { listingReportListing, type ListingReportRow } from '@portal/contracts/listing-report';
import type { PublicSettings } from '@portal/contracts/settings';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { PermissionsProvider } from '../../shared/permission';
import { SettingsProvider } from '../../shared/settings';
import { answerCalls } from '../../test/fake-server';
import { ListingReportPage } from './listing-report-page';

beforeAll(async () => {
  await initI18n('en-US', ['resource']);
});
afterEach(cleanup);

const row = (id: string, companyName: string, counts: number[]): ListingReportRow => ({
  id,
  companyName,
  byState: LISTING_MANAGE_STATE_VALUES.map((state, i) => ({ state, count: counts[i] ?? 0 })),
  total: counts.reduce((a, b) => a + b, 0),
});

describe('the listings-by-state report page', { timeout: 90_000 }, () => {
  it('shows one row per company with a column per state, in the interface language', async () => {
    const calls = answerCalls({
      [listingReportListing.endpoints.list.path]: () => ({
        data: { rows: [row('7', '山西晋煤能源有限公司', [1, 2, 0, 5]), row('0', '', [0, 0, 0, 1])], total: 2 },
      }),
    });
    render(
      <SettingsProvider value={{ authVerification: true, buttonAuthList: null } as unknown as PublicSettings}>
        <QueryClientProvider client={new QueryClient()}>
          <PermissionsProvider value={{ 'report:listing-states': true }}>
            <FeedbackProvider>
              <ListingReportPage />
            </FeedbackProvider>
          </PermissionsProvider>
        </QueryClientProvider>
      </SettingsProvider>,
    );
    const company = await screen.findByText('山西晋煤能源有限公司');
    const cells = within(company.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Company, then draft, pending review, rejected, on sale ... and the total.
    expect(cells).toEqual(['山西晋煤能源有限公司', '1', '2', '0', '5', '0', '0', '0', '0', '8']);
    expect(screen.getByText('(no company)')).toBeTruthy();
    for (const title of ['Company', 'Draft', 'Pending review', 'On sale', 'Suspended', 'Total']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    await waitFor(() => expect(calls.some((c) => c.path === listingReportListing.endpoints.list.path)).toBe(true));
  });
});
