import { describe, expect, it, vi } from 'vitest';
import { Texts, type BackendModule } from './texts';

const stored: Record<string, Record<string, object>> = {
  'zh-CN': {
    common: { ok: '确定', hello: '你好，{{name}}', nested: { deep: '深' }, list: ['一', '{{n}} 个'] },
    portal: { title: '门户', items_other: '{{count}} 项' },
  },
  'en-US': {
    common: { ok: 'OK', hello: 'Hello, {{name}}', nested: { deep: 'deep' }, list: ['one', '{{n}} items'] },
    portal: { title: 'Portal', items_one: 'one item', items_other: '{{count}} items', none_zero: 'nothing', none_other: 'some' },
  },
};

function backend(): BackendModule & { read: ReturnType<typeof vi.fn> } {
  return {
    type: 'backend',
    read: vi.fn((lang: string, ns: string, done: (err: Error | null, data: object | null) => void) => {
      setTimeout(() => done(null, stored[lang]?.[ns] ?? {}), 0);
    }),
  };
}

describe('the app translations', () => {
  it('reads keys, paths, namespaces and options as i18next does', async () => {
    const texts = new Texts().use(backend());
    await texts.init({ lng: 'zh-CN', ns: ['common', 'portal'], defaultNS: 'common' });
    expect(texts.t('ok')).toBe('确定');
    expect(texts.t('nested.deep')).toBe('深');
    expect(texts.t('hello', { name: '张三' })).toBe('你好，张三');
    // An unknown name stays as written; a missing key gives the key, or the default value.
    expect(texts.t('hello')).toBe('你好，{{name}}');
    expect(texts.t('missing.key')).toBe('missing.key');
    expect(texts.t('portal:missing')).toBe('missing');
    expect(texts.t('missing', { defaultValue: '默认' })).toBe('默认');
    expect(texts.t('missing', '默认')).toBe('默认');
    // Another namespace by prefix, by option, or by a fixed t.
    expect(texts.t('portal:title')).toBe('门户');
    expect(texts.t('title', { ns: 'portal' })).toBe('门户');
    expect(texts.getFixedT(null, 'portal')('title')).toBe('门户');
    expect(texts.getFixedT(null, ['portal', 'common'])('ok')).toBe('确定');
    // Objects and arrays as stored, their strings filled in.
    expect(texts.t('list', { returnObjects: true, n: 3 })).toEqual(['一', '3 个']);
    expect(texts.exists('nested.deep')).toBe(true);
    expect(texts.exists('title', { ns: 'portal' })).toBe(true);
    expect(texts.exists('nope')).toBe(false);
  });

  it('chooses plural forms by the language rules, falling back to the key', async () => {
    const texts = new Texts().use(backend());
    await texts.init({ lng: 'en-US', ns: ['portal'], defaultNS: 'portal' });
    expect(texts.t('items', { count: 1 })).toBe('one item');
    expect(texts.t('items', { count: 5 })).toBe('5 items');
    expect(texts.t('none', { count: 0 })).toBe('nothing');
    expect(texts.t('title', { count: 2 })).toBe('Portal');
  });

  it('reads each namespace once, changes language with the loaded ones, and tells listeners', async () => {
    const reader = backend();
    const texts = new Texts().use(reader);
    await texts.init({ lng: 'zh-CN', ns: ['common'], defaultNS: 'common' });
    await Promise.all([texts.loadNamespaces(['portal']), texts.loadNamespaces('portal')]);
    expect(reader.read).toHaveBeenCalledTimes(2);
    expect(texts.hasLoadedNamespace('portal')).toBe(true);
    const listener = vi.fn();
    texts.subscribe(listener);
    await texts.changeLanguage('en-US');
    expect(texts.language).toBe('en-US');
    expect(texts.t('portal:title')).toBe('Portal');
    expect(reader.read).toHaveBeenCalledTimes(4);
    expect(listener).toHaveBeenCalled();
  });

  it('merges added bundles and takes texts given at start', async () => {
    const texts = new Texts();
    await texts.init({ lng: 'zh-CN', resources: { 'zh-CN': { shell: { a: { b: '1' } } } }, ns: ['shell'], defaultNS: 'shell' });
    texts.addResourceBundle('zh-CN', 'shell', { a: { c: '2' } }, true, true);
    expect(texts.t('a.b')).toBe('1');
    expect(texts.getResource('zh-CN', 'shell', 'a.c')).toBe('2');
  });
});
