import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import fontkit from '@foliojs-fork/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Laying text out on A4 pages with an embedded CJK font (Noto Sans SC from its npm package,
 * subset to the characters used, so a contract stays small and reads the same everywhere).
 */

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
/** Read once per process: the font file is about 10 MB. */
function cjkFont(): Buffer {
  if (!fontBytes) {
    fontBytes = readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  }
  return fontBytes;
}

export type BlockKind = 'h1' | 'h2' | 'p' | 'li' | 'small';
export interface Block {
  kind: BlockKind;
  text: string;
}

const STYLE: Record<BlockKind, { size: number; before: number; centred?: boolean; indent?: number }> = {
  h1: { size: 18, before: 6, centred: true },
  h2: { size: 12.5, before: 10 },
  p: { size: 10.5, before: 4 },
  li: { size: 10.5, before: 2, indent: 12 },
  small: { size: 8.5, before: 2 },
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const decode = (text: string) => text.replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_m, name: string) => ENTITIES[name]!);

/** Sanitised rich text as blocks: headings, paragraphs and list items; inline markup is dropped. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const close = () => {
    if (current && current.text.trim() !== '') blocks.push({ kind: current.kind, text: current.text.trim() });
    current = null;
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    const [, closing, tag, text] = m;
    if (text !== undefined) {
      current ??= { kind: 'p', text: '' };
      current.text += decode(text.replace(/\s+/g, ' '));
      continue;
    }
    const name = tag!.toLowerCase();
    if (name === 'br') {
      const kind: BlockKind = current?.kind ?? 'p';
      close();
      current = { kind, text: '' };
    } else if (['h1', 'h2', 'h3', 'h4', 'p', 'li', 'div', 'tr'].includes(name)) {
      close();
      if (!closing) current = { kind: name === 'h1' ? 'h1' : name.startsWith('h') ? 'h2' : name === 'li' ? 'li' : 'p', text: '' };
    }
  }
  close();
  return blocks;
}

/** Breaks text into lines no wider than `width`: between words of Latin text, between any two CJK characters. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const piece of text.match(/[A-Za-z0-9@._:/+\-,;'"()%]+\s*|\s+|./gu) ?? []) {
    const next = line + piece;
    if (line !== '' && font.widthOfTextAtSize(next.trimEnd(), size) > width) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line = next;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

/** Writes blocks onto as many A4 pages as they need, each with a footer line; answers the PDF. */
export async function renderBlocks(
  blocks: Block[],
  meta: { title: string; at: Date; footer: (page: number, pages: number) => string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  doc.setTitle(meta.title);
  doc.setProducer('Commodity trading platform');
  doc.setCreationDate(meta.at);
  doc.setModificationDate(meta.at);
  const usable = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  for (const block of blocks) {
    const style = STYLE[block.kind];
    const indent = style.indent ?? 0;
    const leading = style.size * 1.6;
    y -= style.before;
    for (const line of wrap(block.text, font, style.size, usable - indent)) {
      if (y - leading < PAGE.margin + 20) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= leading;
      const x = style.centred ? (PAGE.width - font.widthOfTextAtSize(line, style.size)) / 2 : PAGE.margin + indent;
      page.drawText(line, { x, y, size: style.size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = meta.footer(i + 1, pages.length);
    p.drawText(text, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font, color: rgb(0.45, 0.45, 0.45) });
  });
  return doc.save({ useObjectStreams: false });
}
