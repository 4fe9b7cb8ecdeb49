import { inflateSync } from 'node:zlib';
import fontkit from '@foliojs-fork/fontkit';
import type { PDFRawStream } from 'pdf-lib';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from './pdf-layout';

describe('contract pages', () => {
  it('embed a font subset in which every character drawn has its outline', async () => {
    const text = '合同编号HT2027060100000001ofcompletion买卖合同0123456789abcdefghijklmnopqrstuvwxyz';
    const pdf = await renderBlocks([{ kind: 'p', text }], { title: 't', at: new Date('2027-06-01T08:00:00Z'), footer: () => '' });
    const doc = await PDFDocument.load(pdf);
    const descriptor = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .find((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')))!;
    const file = descriptor.lookup(PDFName.of('FontFile2')) as PDFRawStream;
    // fontkit's own reading of the subset (its types name only what pdf-lib uses).
    const font = fontkit.create(Buffer.from(inflateSync(file.contents))) as unknown as {
      numGlyphs: number;
      getGlyph(id: number): { path: { commands: unknown[] } };
    };
    const chars = [...new Set(text.replace(/\s/g, ''))];
    // Glyph 0 is .notdef; the subset holds the drawn characters after it, each with contours.
    const empty: number[] = [];
    for (let id = 1; id < font.numGlyphs; id++) if (font.getGlyph(id).path.commands.length === 0) empty.push(id);
    expect(font.numGlyphs).toBeGreaterThanOrEqual(chars.length);
    expect(empty).toEqual([]);
  });
});
