import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

/** The WCAG 2.1 level A and AA rules: what the product promises (text contrast, names, roles, focus). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One line per offending element: rule, impact, what is wrong and where. */
function describe(violations: Result[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.impact ?? 'unknown'} ${v.id}: ${v.help} at ${node.target.join(' ')} (${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''})`,
    ),
  );
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now, and on the frames it embeds (the
 * portal's product, store and tender frames). Throws with every violation listed, one per line.
 * `where` names the page in the message.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found: string[] = [];
  for (const frame of [page.mainFrame(), ...page.frames().filter((f) => f !== page.mainFrame() && f.url().startsWith('http'))]) {
    // A frame showing a PDF holds the browser's own viewer (a contract's text), not a page of ours.
    if (frame !== page.mainFrame() && (await showsPdf(frame))) continue;
    found.push(
      ...describe(await violationsIn(frame)).map((line) =>
        frame === page.mainFrame() ? line : `frame ${new URL(frame.url()).pathname}: ${line}`,
      ),
    );
  }
  if (found.length > 0) throw new Error(`${where}: ${found.length} accessibility violations\n${found.join('\n')}`);
}

/**
 * Whether the frame is the browser's PDF viewer: its element, or the element of a frame it is in,
 * says it shows a PDF (`data-pdf-viewer`), or its document is one.
 */
async function showsPdf(frame: Frame): Promise<boolean> {
  // The viewer holds frames of its own, at the PDF's address too: any frame inside one is the viewer's.
  for (let f: Frame | null = frame; f; f = f.parentFrame()) {
    const element = await f.frameElement().catch(() => null);
    if (element && (await element.getAttribute('data-pdf-viewer')) !== null) return true;
  }
  return frame
    .evaluate(() => document.contentType === 'application/pdf' || document.querySelector('embed[type="application/pdf"]') !== null)
    .catch(() => false);
}

async function violationsIn(frame: Frame): Promise<Result[]> {
  // The source goes in through the page's own evaluation, not a script tag: the pages' content
  // policy allows only their own scripts.
  const loaded = await frame.evaluate(() => 'axe' in window);
  if (!loaded) await frame.evaluate(axeSource);
  const results = (await frame.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // The first-screen copy is replaced by the app; frames are checked on their own.
        iframes: false,
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  )) as AxeResults;
  return results.violations;
}
