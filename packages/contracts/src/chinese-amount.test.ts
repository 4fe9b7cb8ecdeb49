import { describe, expect, it } from 'vitest';
import { amountInChineseCapitals } from './chinese-amount';

describe('amountInChineseCapitals', () => {
  it('writes amounts as contracts carry them', () => {
    const cases: [number, string][] = [
      [0, '零元整'],
      [5, '伍分'],
      [50, '伍角整'],
      [55, '伍角伍分'],
      [100, '壹元整'],
      [105, '壹元零伍分'],
      [1000, '壹拾元整'],
      [1050, '壹拾元伍角整'],
      [123456, '壹仟贰佰叁拾肆元伍角陆分'],
      [100000005, '壹佰万元零伍分'],
      [1001000, '壹万零壹拾元整'],
      [100010000, '壹佰万零壹佰元整'],
      [10000000000, '壹亿元整'],
      [10000100000, '壹亿零壹仟元整'],
      [10100000000, '壹亿零壹佰万元整'],
      [1234567890123, '壹佰贰拾叁亿肆仟伍佰陆拾柒万捌仟玖佰零壹元贰角叁分'],
      [-2000, '负贰拾元整'],
    ];
    for (const [cents, words] of cases) expect(amountInChineseCapitals(cents), String(cents)).toBe(words);
    expect(() => amountInChineseCapitals(1.5)).toThrow(RangeError);
  });
});
