import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The pages this feature brings, by the menu URL that opens them. */
export const listingReportPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/admin/listing-report': lazy(() => import('./listing-report-page').then((m) => ({ default: m.ListingReportPage }))),
};
