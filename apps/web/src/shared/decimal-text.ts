/**
 * Decimal numbers as text, read, added and rounded digit by digit, so that 12.345 + 1 rounded to
 * two places is 13.35 and not the 13.34 of floating point. The rules are antd's number field's
 * (@rc-component/mini-decimal); decimal-text.test.ts holds them to its results.
 */

const NUMBER_TEXT = [/^\s*-?\d+(\.\d+)?\s*$/, /^\s*-?\d+\.\s*$/, /^\s*-?\.\d+\s*$/];

interface Parts {
  negative: boolean;
  integer: string;
  /** '0' when there is no fraction. */
  fraction: string;
  /** The number without useless zeros: `-001.50` is `-1.5`. */
  full: string;
}

function partsOf(text: string): Parts {
  let str = text.trim();
  let negative = str.startsWith('-');
  if (negative) str = str.slice(1);
  str = str
    .replace(/(\.\d*[^0])0*$/, '$1')
    .replace(/\.0*$/, '')
    .replace(/^0+/, '');
  if (str.startsWith('.')) str = `0${str}`;
  const [integer = '0', fraction = '0'] = (str || '0').split('.');
  if (integer === '0' && fraction === '0') negative = false;
  return { negative, integer: integer || '0', fraction: fraction || '0', full: `${negative ? '-' : ''}${str || '0'}` };
}

/**
 * What a number field's text holds: '' when empty, undefined when it is no number, else the
 * number written without useless zeros. Any character but letters, digits, `.`, `-` and `_` is
 * dropped first (`1,000` is 1000); `1e5` is 100000.
 */
export function readDecimal(text: string): string | undefined {
  const str = text.replace(/[^\w.-]+/g, '');
  if (!str.trim()) return '';
  if (str.includes('e') && !Number.isNaN(Number(str))) return decimalOf(Number(str));
  if (!NUMBER_TEXT.some((pattern) => pattern.test(str))) return undefined;
  return partsOf(str).full;
}

/** A number as plain decimal text: 1e-7 is 0.0000001. */
export function decimalOf(value: number): string {
  const str = String(value);
  if (!str.includes('e')) return partsOf(str).full;
  if (!Number.isSafeInteger(Math.trunc(value))) return BigInt(Math.trunc(value)).toString();
  const exponent = Number(str.split('e')[1]);
  const fraction = str.split('e')[0]!.split('.')[1] ?? '';
  return partsOf(value.toFixed(Math.min(100, Math.max(0, fraction.length - exponent)))).full;
}

function scaled(text: string): [bigint, number] {
  const { negative, integer, fraction } = partsOf(text);
  const digits = fraction === '0' ? '' : fraction;
  return [BigInt(`${negative ? '-' : ''}${integer}${digits}`), digits.length];
}

/** The sum of two decimal texts, exactly. */
export function addDecimal(a: string, b: string): string {
  const [x, xScale] = scaled(a);
  const [y, yScale] = scaled(b);
  const scale = Math.max(xScale, yScale);
  const sum = x * BigInt(10) ** BigInt(scale - xScale) + y * BigInt(10) ** BigInt(scale - yScale);
  const negative = sum < BigInt(0);
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return partsOf(`${negative ? '-' : ''}${text}`).full;
}

/** A decimal text with `precision` places, the first dropped digit 5 or more rounding away from zero. */
export function toFixedDecimal(text: string, precision: number): string {
  if (text === '') return '';
  const { negative, integer, fraction } = partsOf(text);
  const sign = negative ? '-' : '';
  const dropped = Number(fraction[precision]);
  if (dropped >= 5) return toFixedDecimal(addDecimal(text, `${sign}0.${'0'.repeat(precision)}${10 - dropped}`), precision);
  if (precision === 0) return `${sign}${integer}`;
  return `${sign}${integer}.${fraction.padEnd(precision, '0').slice(0, precision)}`;
}
