import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSubsystem, resetSubsystems, subsystemNamespace } from './subsystems';

beforeAll(async () => {
  await i18next.init({ lng: 'zh-CN', resources: {} });
});
afterEach(() => resetSubsystems());

describe('sub-systems loaded on demand', () => {
  it('loads once, registering its own language texts', async () => {
    const loader = vi.fn(async () => ({ settings: { a: 1 }, messages: { 'zh-CN': { hello: '你好' }, 'en-US': { hello: 'Hello' } } }));
    const first = await loadSubsystem('demo', { registry: { demo: loader } });
    await loadSubsystem('demo', { registry: { demo: loader } });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(first?.settings).toEqual({ a: 1 });
    expect(i18next.getResource('en-US', subsystemNamespace('demo'), 'hello')).toBe('Hello');
  });

  it('logs and skips a failed or too slow load', async () => {
    const log = vi.fn();
    const failing = await loadSubsystem('broken', { registry: { broken: () => Promise.reject(new Error('chunk 404')) }, log });
    expect(failing).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('broken'), expect.any(Error));
    const slow = await loadSubsystem('slow', { registry: { slow: () => new Promise(() => undefined) }, timeoutMs: 10, log });
    expect(slow).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('answers null for a system without a module', async () => {
    expect(await loadSubsystem('omc', { registry: {} })).toBeNull();
  });
});
