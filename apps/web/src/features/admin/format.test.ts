import { describe, expect, it } from 'vitest';
import { diffRecords, prettyJson, recordName } from './format';

describe('operation log helpers', () => {
  it('lists every field of both records and marks the changed ones', () => {
    const rows = diffRecords('{"name":"a","roles":["1"],"x":1}', '{"name":"b","roles":["1"]}');
    expect(rows).toEqual([
      { key: 'name', before: 'a', after: 'b', changed: true },
      { key: 'roles', before: '["1"]', after: '["1"]', changed: false },
      { key: 'x', before: '1', after: '', changed: true },
    ]);
  });

  it('copes with a missing side and text that is not JSON', () => {
    expect(diffRecords('', '{"a":1}')).toEqual([{ key: 'a', before: '', after: '1', changed: true }]);
    expect(diffRecords('oops', '')).toEqual([{ key: 'value', before: 'oops', after: '', changed: true }]);
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('oops')).toBe('oops');
  });
});

describe('recordName', () => {
  it('names a record by its account, code or title, after the write first', () => {
    expect(recordName('{"account":"old"}', '{"account":"new","nick_name":"x"}')).toBe('new');
    expect(recordName('{"code":"r1","name":"Role"}', '')).toBe('r1');
    expect(recordName('', '{"title":"新闻"}')).toBe('新闻');
    expect(recordName('', '')).toBe('');
    expect(recordName('oops', '[1]')).toBe('');
  });
});
