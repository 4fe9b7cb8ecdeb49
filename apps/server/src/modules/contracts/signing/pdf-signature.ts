import { PDFArray, PDFHexString, PDFName, PDFNumber } from 'pdf-lib';
import type { IncrementalUpdate } from './incremental';

/**
 * A PDF signature added as an incremental update: an invisible signature field (a widget on the
 * last page, listed in the AcroForm, whose SigFlags say the file holds signatures and may only be
 * appended to) and its signature dictionary. The dictionary is written by hand so the places of
 * /ByteRange and /Contents are known: once the update is laid out, the byte range is everything
 * but the /Contents hex string, and the CMS over those bytes is written into it.
 */

/** Room for the CMS (certificates, signature, the seal's timestamp token with its own certificates). */
export const CONTENTS_BYTES = 16_384;
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

export interface SignatureDictionary {
  /** The field's name, unique in the document. */
  field: string;
  name: string;
  reason: string;
  location?: string;
  at: Date;
}

/** A PDF date in UTC: D:YYYYMMDDHHmmSSZ. */
export function pdfDate(at: Date): string {
  return `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

const text = (value: string) => PDFHexString.fromText(value).toString();

export async function appendSignature(
  update: IncrementalUpdate,
  dictionary: SignatureDictionary,
  sign: (signedBytes: Uint8Array) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const { doc } = update;
  const context = doc.context;
  const page = doc.getPages().at(-1);
  if (!page) throw new Error('the PDF has no page to sign');

  const signatureRef = update.reserve();
  const head = [
    '<<',
    '/Type /Sig',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    `/ByteRange ${BYTE_RANGE_PLACEHOLDER}`,
    '/Contents ',
  ].join('\n');
  const tail = [
    '',
    `/M (${pdfDate(dictionary.at)})`,
    `/Name ${text(dictionary.name)}`,
    `/Reason ${text(dictionary.reason)}`,
    ...(dictionary.location ? [`/Location ${text(dictionary.location)}`] : []),
    '>>',
  ].join('\n');
  const body = `${head}<${'0'.repeat(CONTENTS_BYTES * 2)}>${tail}`;
  update.setRaw(signatureRef, Buffer.from(body, 'latin1'));

  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFHexString.fromText(dictionary.field),
    F: 132, // print, locked
    Rect: [0, 0, 0, 0],
    V: signatureRef,
    P: page.ref,
  });
  const widgetRef = context.register(widget);
  // Not pdf-lib's addAnnot: it normalises the page first, rewriting its content streams.
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) annots.push(widgetRef);
  else page.node.set(PDFName.of('Annots'), context.obj([widgetRef]));
  const acroForm = doc.catalog.getOrCreateAcroForm();
  acroForm.addField(widgetRef);
  // 1: the document holds signatures; 2: it may only be changed by appending.
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  const { bytes, offsetOf } = update.finish();
  const bodyAt = offsetOf(signatureRef) + `${signatureRef.objectNumber} 0 obj\n`.length;
  const rangeAt = bodyAt + head.indexOf(BYTE_RANGE_PLACEHOLDER);
  const contentsStart = bodyAt + head.length;
  const contentsEnd = contentsStart + CONTENTS_BYTES * 2 + 2;
  const range = `[0 ${contentsStart} ${contentsEnd} ${bytes.length - contentsEnd}`;
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).write(range.padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, ' '), rangeAt, 'latin1');
  const signed = Buffer.concat([bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd)]);
  const cms = await sign(signed);
  if (cms.length > CONTENTS_BYTES) throw new Error(`the signature needs ${cms.length} bytes, more than the ${CONTENTS_BYTES} reserved`);
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).write(
    Buffer.from(cms).toString('hex').toUpperCase(),
    contentsStart + 1,
    'latin1',
  );
  return bytes;
}

/** The names of the signature fields the document already has. */
export function signatureFieldNames(update: IncrementalUpdate): string[] {
  const acroForm = update.doc.catalog.getAcroForm();
  if (!acroForm) return [];
  return acroForm
    .getAllFields()
    .flatMap(([field]) => (field.dict.lookup(PDFName.of('FT')) === PDFName.of('Sig') ? [field.getFullyQualifiedName() ?? ''] : []));
}
