import { describe, expect, it } from 'vitest';
import type { VarietyNode } from '@portal/contracts/commtrade';
import {
  DEFAULT_PAGE,
  DEFAULT_SORT,
  INITIAL_FILTERS,
  NO_VARIETY_CHOICE,
  chooseVariety,
  pageInEffect,
  rangeInvalid,
  toSearchBody,
  toggleSort,
  toggleValue,
  varietyInEffect,
  varietyPathOf,
  varietyRows,
} from './search-state';

const node = (code: string, children: VarietyNode[] = [], level = 1): VarietyNode => ({
  id: code,
  code,
  parCode: '',
  shortName: code,
  level,
  children,
});
const tree = [node('COAL', [node('COAL-STEAM', [node('Q5500', [], 3)], 2), node('COAL-COKING', [], 2)]), node('UREA')];

describe('listing filters', () => {
  it('allow one value per group and clear it when chosen again', () => {
    expect(toggleValue(undefined, 'M01')).toBe('M01');
    expect(toggleValue('M01', 'M02')).toBe('M02');
    expect(toggleValue('M01', 'M01')).toBeUndefined();
  });

  it('choose varieties level by level; choosing a chosen one clears it and the levels below', () => {
    let path = chooseVariety([], 0, 'COAL');
    path = chooseVariety(path, 1, 'COAL-STEAM');
    path = chooseVariety(path, 2, 'Q5500');
    expect(path).toEqual(['COAL', 'COAL-STEAM', 'Q5500']);
    expect(chooseVariety(path, 1, 'COAL-COKING')).toEqual(['COAL', 'COAL-COKING']);
    expect(chooseVariety(path, 1, 'COAL-STEAM')).toEqual(['COAL']);
    expect(chooseVariety(path, 0, 'UREA')).toEqual(['UREA']);
    expect(chooseVariety(path, 0, 'COAL')).toEqual([]);
  });

  it('offer each level the children of the chosen node and find a code path', () => {
    expect(varietyRows(tree, []).map((r) => r.map((n) => n.code))).toEqual([['COAL', 'UREA']]);
    expect(varietyRows(tree, ['COAL', 'COAL-STEAM']).map((r) => r.length)).toEqual([2, 2, 1]);
    expect(varietyRows(tree, ['UREA'])).toHaveLength(1);
    expect(varietyPathOf(tree, 'Q5500')).toEqual(['COAL', 'COAL-STEAM', 'Q5500']);
    expect(varietyPathOf(tree, 'nope')).toEqual([]);
  });

  it('skip the search when a minimum is above its maximum', () => {
    expect(rangeInvalid(5, 3)).toBe(true);
    expect(rangeInvalid(3, 3)).toBe(false);
    expect(rangeInvalid(5, null)).toBe(false);
    expect(toSearchBody({ ...INITIAL_FILTERS, minPrice: 900, maxPrice: 800 }, DEFAULT_SORT, DEFAULT_PAGE)).toBeNull();
    expect(toSearchBody({ ...INITIAL_FILTERS, minQuantity: 9, maxQuantity: 1 }, DEFAULT_SORT, DEFAULT_PAGE)).toBeNull();
  });

  it('build the condition: deepest variety, prices in cents, trimmed name, newest first by default', () => {
    expect(toSearchBody(INITIAL_FILTERS, DEFAULT_SORT, DEFAULT_PAGE)).toEqual({ sortField: 2, sortAsc: 0, pageNo: 1, pageSize: 8 });
    const body = toSearchBody(
      {
        variety: ['COAL', 'COAL-STEAM'],
        marketCode: 'M01',
        holdBs: 2,
        listingType: 'D',
        minPrice: 800.5,
        maxPrice: 900,
        minQuantity: 0,
        userName: ' 晋煤 ',
      },
      { sortField: 1, sortAsc: 1 },
      { pageNo: 3, pageSize: 16 },
    );
    expect(body).toEqual({
      sortField: 1,
      sortAsc: 1,
      pageNo: 3,
      pageSize: 16,
      varietyCode: 'COAL-STEAM',
      marketCode: 'M01',
      holdBs: 2,
      listingType: 'D',
      minSinglePrice: 80050,
      maxSinglePrice: 90000,
      minObjListingNum: 0,
      userName: '晋煤',
    });
  });

  it('toggle a sort header between ascending and descending', () => {
    expect(toggleSort(DEFAULT_SORT, 2)).toEqual({ sortField: 2, sortAsc: 1 });
    expect(toggleSort({ sortField: 2, sortAsc: 1 }, 2)).toEqual({ sortField: 2, sortAsc: 0 });
    expect(toggleSort(DEFAULT_SORT, 1)).toEqual({ sortField: 1, sortAsc: 1 });
    expect(toggleSort({ sortField: 1, sortAsc: 1 }, 1)).toEqual({ sortField: 1, sortAsc: 0 });
  });
});

describe('the listing page state in effect', () => {
  it('follows the variety in the address once the tree has it, until the person chooses after it', () => {
    expect(varietyInEffect(NO_VARIETY_CHOICE, 'Q5500', undefined)).toEqual([]);
    expect(varietyInEffect(NO_VARIETY_CHOICE, 'Q5500', tree)).toEqual(['COAL', 'COAL-STEAM', 'Q5500']);
    const chosen = { wish: 'Q5500', path: ['UREA'] };
    expect(varietyInEffect(chosen, 'Q5500', tree)).toEqual(['UREA']);
    // A newer wish in the address replaces the choice.
    expect(varietyInEffect(chosen, 'COAL-COKING', tree)).toEqual(['COAL', 'COAL-COKING']);
    expect(varietyInEffect({ wish: null, path: ['UREA'] }, null, tree)).toEqual(['UREA']);
  });

  it('goes back to page 1 when the typed filters settle after the page was chosen', () => {
    const page = { pageNo: 3, pageSize: 8, typedVersion: 2 };
    expect(pageInEffect(page, 2)).toEqual({ pageNo: 3, pageSize: 8 });
    expect(pageInEffect(page, 3)).toEqual({ pageNo: 1, pageSize: 8 });
  });
});
