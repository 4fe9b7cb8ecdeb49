// @vitest-environment jsdom
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { compose, firstScreenTemplate } from './first-screen';

/** The few parts of the browser's globals (jsdom here) the tests touch; the server has no DOM types. */
interface Node {
  id: string;
  value: string;
  innerHTML: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  remove(): void;
  focus(): void;
  setAttribute(name: string, value: string): void;
  hasAttribute(name: string): boolean;
  setSelectionRange(start: number, end: number): void;
  querySelector(selector: string): Node | null;
  addEventListener(type: string, listener: (event: { clientX: number; clientY: number; target: Node }) => void): void;
  dispatchEvent(event: unknown): boolean;
}
interface Browser {
  document: {
    head: Node;
    body: Node;
    activeElement: Node | null;
    getElementById(id: string): Node | null;
    elementFromPoint(x: number, y: number): Node | null;
  };
  history: { replaceState(state: unknown, unused: string, url: string): void };
  MouseEvent: new (type: string, init: object) => { defaultPrevented: boolean };
  Event: new (type: string, init: object) => unknown;
}
const { document, history, MouseEvent, Event } = globalThis as unknown as Browser;

const INDEX = `<!doctype html><html lang="zh-CN"><head><title>t</title>
<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screen-loader-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
const template = firstScreenTemplate(dist);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The login form as the server's copy has it and as the app renders it underneath. */
const FORM =
  '<form><span class="ant-input-affix-wrapper"><span class="ant-input-prefix">@</span><input id="username"></span>' +
  '<input type="password" placeholder="password"><a href="/register">register</a><button>sign in</button></form>';

/** The login page's copy and its loader, as the server sends them, with the loader run. */
function visit(): void {
  const html = compose(template, '/login', 'zh-CN', { html: FORM, styles: '', data: null });
  document.head.innerHTML = '';
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  const loader = /<script nonce="[^"]*">(\(function\(\)\{[^]*?)<\/script>/.exec(html)![1]!;
  new Function(loader)();
}

const copy = () => document.getElementById('first-screen')!;
const root = () => document.getElementById('root')!;
const inCopy = (selector: string) => copy().querySelector(selector)!;

/** What the app renders underneath, then the copy removed as the app does once its page is there. */
async function takeOver(): Promise<{ field: Node; password: Node; link: Node; button: Node }> {
  root().innerHTML = FORM;
  copy().remove();
  await Promise.resolve();
  return {
    field: root().querySelector('#username')!,
    password: root().querySelector('input[type=password]')!,
    link: root().querySelector('a')!,
    button: root().querySelector('button')!,
  };
}

function clicksOn(node: Node): { x: number; y: number }[] {
  const seen: { x: number; y: number }[] = [];
  node.addEventListener('click', (event) => seen.push({ x: event.clientX, y: event.clientY }));
  return seen;
}

/** Text typed into `field`: its value, and the input event typing sends. */
function type(field: Node, text: string): void {
  field.focus();
  field.value += text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('the first screen loader', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/login');
  });

  it('starts the code at a click on the copy, holds it, and replays the last one where it landed once the app is there', async () => {
    visit();
    expect(document.head.innerHTML).not.toContain('index-1.js');
    inCopy('a').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 5, clientY: 5, detail: 1 });
    inCopy('a').dispatchEvent(early);
    expect(document.head.innerHTML).toContain('<script type="module" crossorigin="" src="/assets/index-1.js">');
    // The copy's link does not navigate, nor its button act: the app does, once it is there.
    expect(early.defaultPrevented).toBe(true);
    const last = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 40, clientY: 20, detail: 1 });
    inCopy('button').dispatchEvent(last);
    expect(last.defaultPrevented).toBe(true);

    const asked: number[][] = [];
    document.elementFromPoint = (x, y) => {
      asked.push([x, y]);
      return root().querySelector('button');
    };
    const seen = clicksOn(root());
    const { button } = await takeOver();
    expect(asked).toEqual([[40, 20]]);
    expect(seen).toEqual([{ x: 40, y: 20 }]);
    expect(button).toBeDefined();

    // Later changes of the page replay nothing, and later clicks are the app's own.
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }));
    document.body.innerHTML += '<div></div>';
    await Promise.resolve();
    expect(seen).toEqual([{ x: 40, y: 20 }]);
  });

  it("moves what was typed into the copy's fields into the app's, as typing, with the focus and the selection", async () => {
    visit();
    const field = inCopy('#username');
    // A click on the field itself is the browser's: the caret goes there, nothing is held for later.
    const onField = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
    field.dispatchEvent(onField);
    expect(onField.defaultPrevented).toBe(false);
    type(field, 'buyer01');
    // Without an id: the field of the same kind, placeholder and place.
    type(inCopy('input[type=password]'), 'Buyer@2026');
    inCopy('#username').focus();
    field.setSelectionRange(2, 5);

    const typed: string[] = [];
    root().addEventListener('input', (event) => typed.push(`${event.target.id || 'password'}=${event.target.value}`));
    const { field: app, password } = await takeOver();
    expect(app.value).toBe('buyer01');
    expect(password.value).toBe('Buyer@2026');
    expect(typed).toEqual(['username=buyer01', 'password=Buyer@2026']);
    expect(document.activeElement).toBe(app);
    expect([app.selectionStart, app.selectionEnd]).toEqual([2, 5]);
  });

  it("puts the caret in a field at a press on the field's box, and forgets a click held before it", async () => {
    visit();
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 40, clientY: 20, detail: 1 });
    inCopy('a').dispatchEvent(early);
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    inCopy('.ant-input-prefix').dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(inCopy('#username'));
    type(inCopy('#username'), 'b');
    const seen = clicksOn(root());
    document.elementFromPoint = () => root().querySelector('a');
    const { field } = await takeOver();
    // The person moved on from the link to the field: no navigation behind their back.
    expect(seen).toEqual([]);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('b');
  });

  it("replays a keyboard's click (Enter in a field sends the form through its button) on the same element", async () => {
    visit();
    type(inCopy('#username'), 'buyer01');
    const enter = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 });
    inCopy('button').dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    root().innerHTML = FORM;
    const seen = clicksOn(root().querySelector('button')!);
    copy().remove();
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(root().querySelector('#username')!.value).toBe('buyer01');
  });

  it('gives the focus back to the link focused in the copy', async () => {
    visit();
    // Without an id: the same place among the elements of its kind.
    inCopy('a').focus();
    expect((await takeOver()).link).toBe(document.activeElement);
  });

  it('marks the copy while an input method composes text in it', () => {
    visit();
    inCopy('#username').dispatchEvent(new Event('compositionstart', { bubbles: true }));
    expect(copy().hasAttribute('data-composing')).toBe(true);
    inCopy('#username').dispatchEvent(new Event('compositionend', { bubbles: true }));
    expect(copy().hasAttribute('data-composing')).toBe(false);
  });

  it('carries and replays nothing when the app shows another address than the copy', async () => {
    visit();
    type(inCopy('#username'), 'buyer01');
    inCopy('a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 40, clientY: 20, detail: 1 }));
    history.replaceState(null, '', '/mainIndex');
    const seen = clicksOn(root());
    document.elementFromPoint = () => root().querySelector('a');
    const { field } = await takeOver();
    expect(seen).toEqual([]);
    expect(field.value).toBe('');
  });
});
