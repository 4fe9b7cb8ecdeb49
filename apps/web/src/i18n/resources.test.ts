import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('translations', () => {
  it.each(['en-US', 'zh-TW'] as const)('%s has exactly the keys of zh-CN, none empty', (lang) => {
    expect(keys(resources[lang]).sort()).toEqual(keys(resources['zh-CN']).sort());
    for (const key of keys(resources[lang])) {
      const value = key.split('.').reduce<unknown>((obj, k) => (obj as Record<string, unknown>)[k], resources[lang]);
      expect(value, key).not.toBe('');
    }
  });
});
