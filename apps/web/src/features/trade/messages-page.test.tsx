import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@portal/contracts/messages';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { LocationProbe, buttonsNamed, dataRows, findButton, renderPage } from '../../test/user-centre-page';
import { MessagesPage } from './messages-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade']);
});
afterEach(cleanup);

const message = (id: string, title: string, read: boolean, link: Message['link'] = { route: '/trade/sales-orders' }): Message => ({
  id,
  kind: 'order',
  title,
  text: `About ${title}`,
  link,
  read,
  time: '2026-11-25T10:00:00.000Z',
});
const PAGE = '/omc/api/message/page';
const READ = '/omc/api/message/read';
const pageOf = (items: Message[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 16 } });
const inbox = [
  message('1', 'New order O1', false, { route: '/trade/sales-orders', query: { orderNo: 'O1' } }),
  message('2', 'Deposit frozen', false, { route: '/trade/deposit', query: { currency: 'CNY' } }),
  message('3', 'Listing approved', true, { route: '/trade/listings' }),
];

function show() {
  return renderPage(
    <>
      <MessagesPage />
      <LocationProbe />
    </>,
    '/trade/messages',
  );
}
const markSelected = () => buttonsNamed('Mark selected as read')[0]!;

describe('message centre', { timeout: 90_000 }, () => {
  it('marks unread messages and offers "mark as read" only on them', async () => {
    const calls = answerCalls({ [PAGE]: pageOf(inbox) });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(calls[0]).toEqual({ path: PAGE, body: { pageNo: 1, pageSize: 16 } });
    const [first, , third] = dataRows();
    expect(first!.className).toContain('tc-unread');
    expect(first!.textContent).toContain('Unread');
    expect(buttonsNamed('Mark as read', first)).toHaveLength(1);
    expect(third!.className).not.toContain('tc-unread');
    expect(third!.textContent).toContain('Read');
    expect(buttonsNamed('Mark as read', third)).toHaveLength(0);
    // A read message cannot be selected.
    expect(within(third!).getByLabelText<HTMLInputElement>('Listing approved').disabled).toBe(true);
  });

  it('asks only unread messages when the box is ticked, and all again when it is cleared', async () => {
    const calls = answerCalls({ [PAGE]: (body) => pageOf((body as { read?: boolean }).read === false ? inbox.slice(0, 2) : inbox) });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    fireEvent.click(screen.getByText('Unread only'));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16, read: false });
    fireEvent.click(screen.getByText('Unread only'));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16 });
  });

  it('marks the selected messages read in one call, then clears the selection', async () => {
    let read = new Set<string>();
    const calls = answerCalls({
      [PAGE]: () => pageOf(inbox.map((m) => ({ ...m, read: m.read || read.has(m.id) }))),
      [READ]: (body) => {
        read = new Set([...read, ...(body as { ids: string[] }).ids]);
        return { data: { count: 0 } };
      },
    });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(markSelected().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('New order O1'));
    fireEvent.click(screen.getByLabelText('Deposit frozen'));
    await waitFor(() => expect(markSelected().disabled).toBe(false));
    fireEvent.click(markSelected());
    await waitFor(() => expect(calls.find((c) => c.path === READ)?.body).toEqual({ ids: ['1', '2'] }));
    await waitFor(() => expect(document.querySelectorAll('tr.tc-unread')).toHaveLength(0));
    expect(markSelected().disabled).toBe(true);
  });

  it('opens what an unread message is about and marks it read on the way', async () => {
    const calls = answerCalls({ [PAGE]: pageOf(inbox), [READ]: { data: { count: 1 } } });
    show();
    fireEvent.click(await findButton('New order O1'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/sales-orders?orderNo=O1'));
    await waitFor(() => expect(calls.find((c) => c.path === READ)?.body).toEqual({ ids: ['1'] }));
  });

  it('opens a read message without marking it again', async () => {
    const calls = answerCalls({ [PAGE]: pageOf(inbox) });
    show();
    fireEvent.click(await findButton('Listing approved'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/listings'));
    expect(calls.some((c) => c.path === READ)).toBe(false);
  });

  it('says so when marking fails, and keeps the message unread', async () => {
    answerCalls({ [PAGE]: pageOf(inbox), [READ]: 'network' });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    fireEvent.click(buttonsNamed('Mark as read', dataRows()[1])[0]!);
    expect(await screen.findByText('That did not work; please try again later')).toBeTruthy();
    expect(dataRows()[1]!.className).toContain('tc-unread');
  });

  it('shows an empty inbox as such', async () => {
    answerCalls({ [PAGE]: pageOf([]) });
    show();
    expect(await screen.findByText('No messages')).toBeTruthy();
  });
});
