/** Which unique column a failed insert or update ran into, if any. */
export function uniqueConflict(err: unknown): 'account' | 'mobile' | 'other' | null {
  const e = err as { code?: string; message?: string; constraint?: string };
  const unique = e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique) return null;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (/account/.test(text)) return 'account';
  if (/mobile/.test(text)) return 'mobile';
  return 'other';
}
