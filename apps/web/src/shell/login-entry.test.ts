import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import { parseEntry, storeEntry } from './login-entry';

describe('login entry by query', () => {
  it('is nothing without a token', () => {
    expect(parseEntry('?nickName=x&tenantId=T1')).toBeNull();
  });

  it('keeps context keys, drops identity keys and the token from the URL', () => {
    const entry = parseEntry(
      '?token=abc&operator_code=evil&nickName=Mallory&user_type=operator&orgName=华北&tenantId=T001&kindCode=trade&tab=2',
    )!;
    expect(entry.token).toBe('abc');
    expect(entry.context).toEqual({ orgName: '华北', tenantId: 'T001', kindCode: 'trade' });
    expect(entry.rest).toBe('?tab=2');
  });

  it('stores identity from the checked user, never from the URL', () => {
    const entry = parseEntry('?token=abc&nickName=Mallory&user_type=operator&orgName=华北')!;
    storeEntry(entry, {
      userName: 'buyer01',
      nickName: '华北化工采购',
      currUserId: '2',
      userType: 'comp',
      lastLoginDateTime: '',
    } as CurrentUser);
    expect(sessionStorage.getItem('nickName')).toBe('华北化工采购');
    expect(sessionStorage.getItem('user_type')).toBe('comp');
    expect(sessionStorage.getItem('operator_code')).toBe('buyer01');
    expect(sessionStorage.getItem('orgName')).toBe('华北');
  });
});
