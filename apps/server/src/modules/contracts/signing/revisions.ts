import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

/**
 * What the updates after a signature changed in the objects it signed. A signature covers the file
 * as it was; later updates may add objects and redefine old ones, and a reader shows the latest
 * definition. The signing flow changes old objects only to add signatures and pages: the catalog
 * and the AcroForm (their field list and SigFlags), the page tree (its kids and count), a page's
 * /Annots, and the arrays /Fields and /Annots, which only grow by signature widgets. Any other
 * change (a content stream, a font, a page's other entries) would show something the signers did
 * not sign, so it is reported.
 */

const name = (n: string) => PDFName.of(n);

function serialised(object: PDFObject | undefined): string {
  return object === undefined ? '' : object.toString();
}

/** The dictionary's entries as text, leaving out the keys that may change. */
function entriesWithout(dict: PDFDict, keys: string[]): string {
  const skip = new Set(keys.map(name));
  return dict
    .entries()
    .filter(([key]) => !skip.has(key))
    .map(([key, value]) => `${key.toString()} ${value.toString()}`)
    .sort()
    .join('\n');
}

/** A signature widget as the signing adds it: invisible (an empty rectangle, no appearance), so it shows nothing on the page. */
function isSignatureWidget(context: PDFContext, item: PDFObject): boolean {
  const dict = item instanceof PDFRef ? context.lookup(item) : item;
  if (!(dict instanceof PDFDict) || dict.get(name('FT')) !== name('Sig') || dict.get(name('Subtype')) !== name('Widget')) return false;
  const rect = dict.lookup(name('Rect'));
  const empty = rect instanceof PDFArray && rect.asArray().every((n) => n.toString() === '0');
  return empty && !dict.has(name('AP'));
}

/** An array that kept its items and only gained signature widgets (or pages, for the page tree's kids). */
function onlyGrew(before: PDFArray, after: PDFArray, added: (item: PDFObject) => boolean): boolean {
  const old = before.asArray().map((o) => o.toString());
  const now = after.asArray();
  return old.every((item, i) => now[i]?.toString() === item) && now.slice(old.length).every(added);
}

function isPage(context: PDFContext, item: PDFObject): boolean {
  const dict = item instanceof PDFRef ? context.lookup(item) : item;
  return dict instanceof PDFDict && dict.get(name('Type')) === name('Page');
}

/** The catalog's form: the same, one that only gained signature fields, or a new one holding only signature fields. */
function formAdded(before: PDFObject | undefined, after: PDFObject | undefined, context: PDFContext): boolean {
  if (before?.toString() === after?.toString()) return true;
  if (before instanceof PDFDict && after instanceof PDFDict) return allowedChange(before, after, context);
  if (before !== undefined || after === undefined) return false;
  const form = context.lookup(after);
  const fields = form instanceof PDFDict ? form.lookup(name('Fields')) : undefined;
  const keys = form instanceof PDFDict ? form.keys().map((k) => k.toString()) : [];
  return (
    fields instanceof PDFArray &&
    fields.asArray().every((item) => isSignatureWidget(context, item)) &&
    keys.every((k) => k === '/Fields' || k === '/SigFlags')
  );
}

function allowedChange(before: PDFObject, after: PDFObject, context: PDFContext): boolean {
  const widget = (item: PDFObject) => isSignatureWidget(context, item);
  if (before instanceof PDFArray && after instanceof PDFArray) return onlyGrew(before, after, widget);
  if (!(before instanceof PDFDict) || !(after instanceof PDFDict)) return false;
  const type = before.get(name('Type'));
  const sameBut = (keys: string[]) => entriesWithout(before, keys) === entriesWithout(after, keys);
  const arrayGrew = (key: string, added: (item: PDFObject) => boolean) => {
    const old = before.get(name(key));
    const now = after.get(name(key));
    if (old === undefined) {
      const items = now === undefined ? undefined : context.lookup(now);
      return items === undefined || (items instanceof PDFArray && items.asArray().every(added));
    }
    if (old instanceof PDFRef || now instanceof PDFRef) return old?.toString() === now?.toString();
    return old instanceof PDFArray && now instanceof PDFArray && onlyGrew(old, now, added);
  };
  if (type === name('Catalog'))
    return sameBut(['AcroForm']) && formAdded(before.get(name('AcroForm')), after.get(name('AcroForm')), context);
  if (type === name('Pages')) return sameBut(['Kids', 'Count']) && arrayGrew('Kids', (item) => isPage(context, item));
  if (type === name('Page')) return sameBut(['Annots']) && arrayGrew('Annots', widget);
  if (before.has(name('Fields'))) return sameBut(['Fields', 'SigFlags']) && arrayGrew('Fields', widget);
  return false;
}

/** The objects of the revision ending at `end` that the later updates changed beyond adding signatures and pages. */
export async function changesAfter(pdf: Uint8Array, end: number, latest: PDFDocument): Promise<string[]> {
  let signed: PDFDocument;
  try {
    signed = await PDFDocument.load(pdf.subarray(0, end), { updateMetadata: false });
  } catch {
    return ['the file as signed cannot be read'];
  }
  const changes: string[] = [];
  for (const [ref, before] of signed.context.enumerateIndirectObjects()) {
    const after = latest.context.lookup(ref);
    if (serialised(before) === serialised(after)) continue;
    if (after !== undefined && allowedChange(before, after, latest.context)) continue;
    const what =
      before instanceof PDFStream
        ? 'a stream: page content, font or image'
        : before instanceof PDFDict
          ? (before.get(name('Type'))?.toString() ?? 'a dictionary')
          : 'a value';
    changes.push(`object ${ref.objectNumber} (${what}) was changed after it was signed`);
  }
  return changes;
}
