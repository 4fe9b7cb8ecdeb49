import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { FeedbackProvider } from '../shared/feedback';

// antd pages in jsdom on a shared machine take seconds to settle; the default one second is too short.
configure({ asyncUtilTimeout: 20_000 });

/** The providers a user-centre page runs in: a fresh query cache (no retries), toasts and a router at `path`. */
export function Page({ children, path = '/', client }: { children: ReactNode; path?: string; client?: QueryClient }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** Renders a page inside `Page`. */
export function renderPage(ui: ReactElement, path = '/') {
  return render(<Page path={path}>{ui}</Page>);
}

/** The text of a button without the space antd puts between two CJK characters. */
export const buttonText = (b: Element) => b.textContent?.replace(/\s/g, '') ?? '';

/** The dialog's footer button whose text is `name` (antd's confirm and Modal footers). */
export async function dialogButton(name: string): Promise<HTMLButtonElement> {
  const dialog = await screen.findByRole('dialog');
  return findButton(name, dialog);
}

/** The table rows with data (antd's measure and placeholder rows left out). */
export const dataRows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')];

/** The buttons under `root` whose text is `name` (cheaper than a role query on a large antd tree). */
export const buttonsNamed = (name: string, root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].filter((b) => buttonText(b) === name.replace(/\s/g, ''));

/** Waits for the first button under `root` whose text is `name`. */
export async function findButton(name: string, root: ParentNode = document): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const [found] = buttonsNamed(name, root);
    if (!found) throw new Error(`no button "${name}"`);
    return found;
  });
}

/** Opens the antd Select whose root is `select` and picks the option labelled `label`. */
export async function pickOption(select: Element, label: string): Promise<void> {
  const trigger = select.querySelector('.ant-select-selector') ?? select.querySelector('input') ?? select;
  fireEvent.mouseDown(trigger);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === label || o.textContent === label,
    );
    if (!found) throw new Error(`no option "${label}"`);
    return found;
  });
  fireEvent.click(option);
}

/** The antd Select (its root element) of the form item labelled `label`. */
export function selectOf(label: string): HTMLElement {
  const item = [...document.querySelectorAll<HTMLElement>('.ant-form-item')].find((i) => i.querySelector('label')?.textContent === label);
  const select = item?.querySelector<HTMLElement>('.ant-select');
  if (!select) throw new Error(`no select labelled "${label}"`);
  return select;
}

/** The error messages under the form item labelled `label`. */
export function fieldErrors(label: string): string[] {
  const item = [...document.querySelectorAll<HTMLElement>('.ant-form-item')].find((i) => i.querySelector('label')?.textContent === label);
  if (!item) throw new Error(`no form item labelled "${label}"`);
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
}

/** Waits for antd's confirmation dialog (modal.confirm) and answers its root. */
export async function findConfirm(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!found) throw new Error('no confirmation dialog');
    return found;
  });
}

/** Shows where the router is (path and query) in `data-testid="location"`, for pages that navigate. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Waits for a toast (antd message) saying `text`. */
export async function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-message-notice')].find((n) => n.textContent === text);
    if (!found) throw new Error(`no toast "${text}"`);
    return found;
  });
}

/** Clicks the state filter's choice (shared/state-filter.tsx) whose label is `label`. */
export function clickTab(label: string): void {
  const choice = [...document.querySelectorAll<HTMLElement>('.state-filter .ant-radio-button-wrapper')].find(
    (t) => t.textContent === label,
  );
  if (!choice) throw new Error(`no state choice "${label}"`);
  fireEvent.click(choice.querySelector('input') ?? choice);
}
