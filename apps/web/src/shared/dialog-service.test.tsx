import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALOG_DEFAULTS, DialogServiceProvider, registerDialog, useDialogs, type DialogContentProps } from './dialog-service';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'zh-CN', resources: { 'zh-CN': { shell: { dialog: { maximise: '最大化', restore: '还原' } } } } });
});

function Greeting({ close, who }: DialogContentProps & { who: string }) {
  return (
    <button type="button" onClick={close}>
      hello {who}
    </button>
  );
}
registerDialog('greeting', Greeting);
afterEach(cleanup);

function Opener({ name }: { name: string }) {
  const { open } = useDialogs();
  return (
    <button type="button" onClick={() => open(name, { title: '问候' }, { who: '李明' })}>
      open {name}
    </button>
  );
}

describe('dialog service', () => {
  it('opens a named component with its props in a 900 px dialog above everything, with a maximise button', async () => {
    render(
      <DialogServiceProvider>
        <Opener name="greeting" />
      </DialogServiceProvider>,
    );
    act(() => screen.getByRole('button', { name: 'open greeting' }).click());
    const content = await screen.findByText('hello 李明', {}, { timeout: 10_000 });
    const dialog = content.closest('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe(`${DIALOG_DEFAULTS.width}px`);
    expect((dialog.closest('.ant-modal-wrap') as HTMLElement).style.zIndex).toBe(String(DIALOG_DEFAULTS.zIndex));
    expect(screen.getByRole('button', { name: '最大化' })).toBeTruthy();
    // The mask does not close it.
    act(() => (document.querySelector('.ant-modal-wrap') as HTMLElement).click());
    expect(screen.getByRole('button', { name: 'hello 李明' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: '最大化' }).click());
    expect(screen.getByRole('button', { name: '还原' })).toBeTruthy();
  }, 20_000);

  it('refuses an unknown name without opening anything', () => {
    render(
      <DialogServiceProvider>
        <Opener name="nothing" />
      </DialogServiceProvider>,
    );
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      act(() => screen.getByRole('button', { name: 'open nothing' }).click());
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
