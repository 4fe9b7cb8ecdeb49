import dayjs from 'dayjs';

/** A stored ISO time as the back office lists it: 2026-03-01 09:30:05 in the browser's zone. */
export function formatTime(iso: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : iso;
}

/** A stored ISO time as a date only. */
export function formatDate(iso: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD') : iso;
}

/** Pretty JSON of a logged record, or the text itself when it is not JSON. */
export function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The fields of two logged records and whether each changed, for the operation log's detail. */
export function diffRecords(before: string, after: string): { key: string; before: string; after: string; changed: boolean }[] {
  const parse = (text: string): Record<string, unknown> => {
    if (!text) return {};
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
    } catch {
      return { value: text };
    }
  };
  const a = parse(before);
  const b = parse(after);
  const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].map((key) => ({
    key,
    before: show(a[key]),
    after: show(b[key]),
    changed: show(a[key]) !== show(b[key]),
  }));
}

/** Fields that name a record, in the order they are tried. */
const NAME_FIELDS = ['account', 'code', 'tenant_name', 'title', 'name', 'companyName', 'goods_name', 'short_name', 'market_name_zh'];

/** What a logged write was about, in words: the record's account, code, title or name. */
export function recordName(before: string, after: string): string {
  for (const text of [after, before]) {
    if (!text) continue;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      for (const key of NAME_FIELDS) {
        const name = value?.[key];
        if (typeof name === 'string' && name) return name;
      }
    } catch {
      // Not JSON: nothing to name it by.
    }
  }
  return '';
}
