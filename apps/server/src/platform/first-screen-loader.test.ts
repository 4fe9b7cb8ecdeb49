// @vitest-environment jsdom
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { compose, firstScreenTemplate } from './first-screen';

/** The few parts of the browser's globals (jsdom here) the tests touch; the server has no DOM types. */
interface Node {
  id: string;
  innerHTML: string;
  remove(): void;
  focus(): void;
  querySelector(selector: string): Node | null;
  addEventListener(type: string, listener: (event: { clientX: number; clientY: number }) => void): void;
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
  MouseEvent: new (type: string, init: object) => unknown;
  FocusEvent: new (type: string, init: object) => unknown;
}
const { document, history, MouseEvent } = globalThis as unknown as Browser;

const INDEX = `<!doctype html><html lang="zh-CN"><head><title>t</title>
<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screen-loader-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
const template = firstScreenTemplate(dist);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The login page's copy and its loader, as the server sends them, with the loader run. */
function visit(): void {
  const copy = '<form><input id="username"><a href="/register">register</a><button>sign in</button></form>';
  const html = compose(template, '/login', 'zh-CN', { html: copy, styles: '', data: null });
  document.head.innerHTML = '';
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  const loader = /<script nonce="[^"]*">(\(function\(\)\{[^]*?)<\/script>/.exec(html)![1]!;
  new Function(loader)();
}

/** What the app renders underneath, then the copy removed as the app does once its page is there. */
async function takeOver(): Promise<{ field: Node; link: Node }> {
  document.getElementById('root')!.innerHTML =
    '<form><input id="username"><input name="other"><a href="/register">register</a><button>sign in</button></form>';
  document.getElementById('first-screen')!.remove();
  await Promise.resolve();
  return {
    field: document.getElementById('root')!.querySelector('#username')!,
    link: document.getElementById('root')!.querySelector('a')!,
  };
}

function clicksOn(node: Node): { x: number; y: number }[] {
  const seen: { x: number; y: number }[] = [];
  node.addEventListener('click', (event) => seen.push({ x: event.clientX, y: event.clientY }));
  return seen;
}

describe('the first screen loader', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/login');
  });

  it('starts the code at a first click and replays that click where it landed once the app has taken over, once', async () => {
    visit();
    expect(document.head.innerHTML).not.toContain('index-1.js');
    // Pointer events pass through the copy: the press and the click land on the page itself.
    document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 40, clientY: 20 }));
    expect(document.head.innerHTML).toContain('<script type="module" crossorigin="" src="/assets/index-1.js">');

    const asked: number[][] = [];
    document.elementFromPoint = (x, y) => {
      asked.push([x, y]);
      return document.getElementById('root')!.querySelector('#username');
    };
    const root = document.getElementById('root')!;
    const seen = clicksOn(root);
    const { field } = await takeOver();
    expect(asked).toEqual([[40, 20]]);
    expect(seen).toEqual([{ x: 40, y: 20 }]);
    // A field the click lands on takes the focus, as with a real click.
    expect(document.activeElement).toBe(field);

    // Later changes of the page replay nothing, and later clicks are the app's own.
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }));
    document.body.innerHTML += '<div></div>';
    await Promise.resolve();
    expect(seen).toEqual([{ x: 40, y: 20 }]);
  });

  it('gives the focus back to the field or link focused in the copy', async () => {
    visit();
    document.getElementById('first-screen')!.querySelector('#username')!.focus();
    expect((await takeOver()).field).toBe(document.activeElement);

    visit();
    // Without an id: the same place among the elements of its kind.
    document.getElementById('first-screen')!.querySelector('a')!.focus();
    expect((await takeOver()).link).toBe(document.activeElement);
  });

  it('replays nothing when the app shows another address than the copy', async () => {
    visit();
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 40, clientY: 20 }));
    history.replaceState(null, '', '/mainIndex');
    const seen = clicksOn(document.getElementById('root')!);
    document.elementFromPoint = () => document.getElementById('root')!.querySelector('a');
    await takeOver();
    expect(seen).toEqual([]);
  });
});
