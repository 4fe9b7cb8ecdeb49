import getMiniDecimal, { toFixed } from '@rc-component/mini-decimal';
import { describe, expect, it } from 'vitest';
import { addDecimal, decimalOf, readDecimal, toFixedDecimal } from './decimal-text';

// The rules of antd's number field, whose text these functions read and write.
const reference = (text: string) => {
  const decimal = getMiniDecimal(text.replace(/[^\w.-]+/g, ''));
  return decimal.isEmpty() ? '' : decimal.isNaN() ? undefined : decimal.toString();
};

describe('decimal text', () => {
  it('reads typed text as the number field does', () => {
    for (const text of [
      '',
      ' ',
      '0',
      '1',
      '1.',
      '.5',
      '-',
      '-0',
      '-1.50',
      '0012.3400',
      '1,000.5',
      'abc',
      '1e5',
      '2.5e-3',
      'e',
      '1.2.3',
      '12.345',
      '¥ 3',
      '-.25',
    ])
      expect(readDecimal(text), text).toBe(reference(text));
  });

  it('writes numbers as plain decimals', () => {
    for (const value of [0, 1, 1.5, 12.345, 1e-7, 123456789.125, 2.5e-10, 1e21])
      expect(decimalOf(value), String(value)).toBe(getMiniDecimal(value).toString());
  });

  it('adds exactly', () => {
    for (const [a, b] of <[string, string][]>[
      ['12.345', '1'],
      ['0.1', '0.2'],
      ['3', '-10'],
      ['-0.001', '1'],
      ['99.999', '0.001'],
      ['0', '-1'],
    ])
      expect(addDecimal(a, b), `${a} + ${b}`).toBe(getMiniDecimal(a).add(b).toString());
  });

  it('rounds the first dropped digit 5 or more away from zero', () => {
    for (const text of ['13.345', '0.005', '2.675', '-1.005', '9.9995', '1', '1.1', '0.0049'])
      for (const precision of [0, 2, 3])
        expect(toFixedDecimal(text, precision), `${text} to ${precision}`).toBe(toFixed(text, '.', precision));
  });
});
