/**
 * Turns an amount typed in currency units ("1,234.5") into integer cents without passing through
 * a float product (0.29 * 100 is 28.999...): the digits are read as text. Null when it is not an
 * amount with at most two decimals.
 */
export function centsOf(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const clean = String(text).replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
