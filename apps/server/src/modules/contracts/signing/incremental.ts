import { PDFDocument, PDFNumber, type PDFObject, type PDFRef } from 'pdf-lib';

/**
 * An incremental update of a PDF: the original bytes stay exactly as they are and the update is
 * appended after them (the objects that are new or changed, a cross-reference section for them
 * and a trailer pointing back at the previous one). Re-saving a signed PDF would rewrite the bytes
 * an earlier signature covers and break it; appending keeps every earlier signature valid.
 *
 * The document is read with pdf-lib and changed through its objects; what changed is found by
 * comparing every object's serialisation with the one it had when the file was read.
 */
export interface IncrementalUpdate {
  doc: PDFDocument;
  /** Reserves an object number for an object written as raw bytes (see `setRaw`). */
  reserve(): PDFRef;
  /** Writes `body` (the object's content between `obj` and `endobj`) as the object `ref`. */
  setRaw(ref: PDFRef, body: Uint8Array): void;
  /** The original bytes followed by the update; `offsetOf` answers where a written object starts. */
  finish(): { bytes: Uint8Array; offsetOf(ref: PDFRef): number };
}

const encoder = new TextEncoder();

function serialise(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return b !== undefined && a.length === b.length && Buffer.compare(a, b) === 0;
}

/** The offset of the cross-reference section the file's last `startxref` names. */
export function lastStartXref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const found = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].pop();
  if (!found) throw new Error('not a PDF: no startxref at its end');
  return Number(found[1]);
}

/** The /Size of the trailer (or cross-reference stream) at `xrefAt`. */
function trailerSize(bytes: Uint8Array, xrefAt: number): number {
  const text = Buffer.from(bytes.subarray(xrefAt)).toString('latin1');
  const found = /\/Size\s+(\d+)/.exec(text);
  if (!found) throw new Error('not a PDF: its trailer has no /Size');
  return Number(found[1]);
}

function isCrossReferenceStream(bytes: Uint8Array, xrefAt: number): boolean {
  return !/^\s*xref/.test(Buffer.from(bytes.subarray(xrefAt, xrefAt + 16)).toString('latin1'));
}

/** Consecutive runs of the written object numbers: [first, count] pairs. */
function subsections(numbers: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of numbers) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === n) last[1]++;
    else runs.push([n, 1]);
  }
  return runs;
}

/** A classic cross-reference section: each entry exactly 20 bytes. */
function crossReferenceTable(offsets: Map<number, number>): string {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let text = 'xref\n';
  for (const [first, count] of subsections(numbers)) {
    text += `${first} ${count}\n`;
    for (let n = first; n < first + count; n++) text += `${String(offsets.get(n)).padStart(10, '0')} 00000 n\r\n`;
  }
  return text;
}

/** A cross-reference stream (uncompressed, 1 + 4 + 2 bytes an entry) listing itself too. */
function crossReferenceStream(ref: PDFRef, offsets: Map<number, number>, trailer: Record<string, PDFObject>): Uint8Array {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  const data = Buffer.alloc(numbers.length * 7);
  numbers.forEach((n, i) => {
    data.writeUInt8(1, i * 7);
    data.writeUInt32BE(offsets.get(n)!, i * 7 + 1);
    data.writeUInt16BE(0, i * 7 + 5);
  });
  const index = subsections(numbers).flat().join(' ');
  const entries = Object.entries(trailer).map(([key, value]) => `/${key} ${value.toString()}`);
  const dict = `<<\n/Type /XRef\n/W [1 4 2]\n/Index [${index}]\n${entries.join('\n')}\n/Length ${data.length}\n>>`;
  return Buffer.concat([encoder.encode(`${ref.objectNumber} 0 obj\n${dict}\nstream\n`), data, encoder.encode('\nendstream\nendobj\n')]);
}

export async function openIncrementalUpdate(original: Uint8Array): Promise<IncrementalUpdate> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  if (doc.isEncrypted) throw new Error('an encrypted PDF cannot be signed');
  const context = doc.context;
  const before = new Map<number, Uint8Array>();
  for (const [ref, object] of context.enumerateIndirectObjects()) before.set(ref.objectNumber, serialise(object));
  const raw = new Map<number, Uint8Array>();
  const prev = lastStartXref(original);
  // New objects take numbers from the file's /Size on: pdf-lib does not count the object and
  // cross-reference streams it read, and reusing their numbers would redefine them.
  context.largestObjectNumber = Math.max(context.largestObjectNumber, trailerSize(original, prev) - 1);

  return {
    doc,
    reserve: () => context.nextRef(),
    setRaw: (ref, body) => void raw.set(ref.objectNumber, body),
    finish() {
      // The update's cross-reference section is of the kind the file already uses.
      const xrefStream = isCrossReferenceStream(original, prev) ? context.nextRef() : null;
      const written = new Map<number, Uint8Array>(raw);
      for (const [ref, object] of context.enumerateIndirectObjects()) {
        const now = serialise(object);
        if (ref.generationNumber !== 0 && !before.has(ref.objectNumber)) throw new Error('new objects have generation 0');
        if (!sameBytes(now, before.get(ref.objectNumber))) written.set(ref.objectNumber, now);
      }
      const numbers = [...written.keys()].sort((a, b) => a - b);
      const parts: Uint8Array[] = [original];
      let offset = original.length;
      const push = (part: Uint8Array | string) => {
        const bytes = typeof part === 'string' ? encoder.encode(part) : part;
        parts.push(bytes);
        offset += bytes.length;
      };
      const last = original[original.length - 1];
      if (last !== 0x0a && last !== 0x0d) push('\n');
      const offsets = new Map<number, number>();
      for (const n of numbers) {
        offsets.set(n, offset);
        push(`${n} 0 obj\n`);
        push(written.get(n)!);
        push('\nendobj\n');
      }
      const info = context.trailerInfo;
      if (!info.Root) throw new Error('not a PDF: its trailer names no catalog');
      const trailer = {
        Root: info.Root,
        ...(info.Info ? { Info: info.Info } : {}),
        ...(info.ID ? { ID: info.ID } : {}),
        Prev: PDFNumber.of(prev),
      };
      const xrefAt = offset;
      const size = PDFNumber.of(context.largestObjectNumber + 1);
      if (xrefStream) {
        offsets.set(xrefStream.objectNumber, xrefAt);
        push(crossReferenceStream(xrefStream, offsets, { ...trailer, Size: size }));
      } else {
        push(crossReferenceTable(offsets));
        push(`trailer\n${context.obj({ ...trailer, Size: size }).toString()}\n`);
      }
      push(`startxref\n${xrefAt}\n%%EOF\n`);
      const bytes = Buffer.concat(parts);
      return {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
        offsetOf(ref) {
          const at = offsets.get(ref.objectNumber);
          if (at === undefined) throw new Error(`object ${ref.objectNumber} was not written`);
          return at;
        },
      };
    },
  };
}
