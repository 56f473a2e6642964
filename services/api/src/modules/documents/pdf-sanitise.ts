import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

/** A passport page is one or two pages; a few more are allowed for a scan with a cover sheet. */
export const MAX_PDF_PAGES = 10;

export type PdfRefusal = 'encrypted' | 'unreadable' | 'empty' | 'too-many-pages';

export class PdfRefused extends Error {
  constructor(readonly reason: PdfRefusal) {
    super(`PDF refused: ${reason}`);
    this.name = 'PdfRefused';
  }
}

/** The entries a copied page keeps: what is needed to draw it, nothing that acts (annotations, actions). */
const PAGE_KEYS = new Set(
  [
    'Type',
    'Resources',
    'MediaBox',
    'CropBox',
    'BleedBox',
    'TrimBox',
    'ArtBox',
    'Contents',
    'Rotate',
    'Group',
    'UserUnit',
  ].map((key) => PDFName.of(key)),
);

/** Entries that carry actions, scripts, forms or attached files, removed wherever they appear. */
const ACTIVE_KEYS = [
  'AA',
  'OpenAction',
  'JS',
  'JavaScript',
  'AcroForm',
  'XFA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'Launch',
  'Names',
  'Annots',
  'URI',
  'SubmitForm',
  'Win',
  'Mac',
  'Unix',
].map((key) => PDFName.of(key));

const SUBTYPE = PDFName.of('S');
const TYPE = PDFName.of('Type');
/** Dictionaries that are actions, attached files or annotations (by /Type, or an action's /S). */
const ACTIVE_TYPES = new Set(
  ['Action', 'Filespec', 'EmbeddedFile', 'Annot', 'XFAResource'].map((t) => PDFName.of(t)),
);
const ACTION_KINDS = new Set(
  [
    'JavaScript',
    'Launch',
    'URI',
    'SubmitForm',
    'ResetForm',
    'ImportData',
    'GoTo',
    'GoToR',
    'GoToE',
    'Named',
    'Rendition',
    'Sound',
    'Movie',
    'Hide',
    'SetOCGState',
    'Trans',
    'GoTo3DView',
    'Thread',
    'RichMediaExecute',
  ].map((a) => PDFName.of(a)),
);

/** Removes active entries from a dictionary and everything directly inside it (indirect objects are visited on their own). */
function scrub(object: PDFObject | undefined, seen: Set<PDFObject>) {
  if (!object || object instanceof PDFRef || seen.has(object)) return;
  seen.add(object);
  if (object instanceof PDFStream) {
    scrub(object.dict, seen);
    return;
  }
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i += 1) scrub(object.get(i), seen);
    return;
  }
  if (object instanceof PDFDict) {
    const type = object.get(TYPE);
    const kind = object.get(SUBTYPE);
    if (
      (type instanceof PDFName && ACTIVE_TYPES.has(type)) ||
      (kind instanceof PDFName && ACTION_KINDS.has(kind))
    ) {
      // An action, attached file or annotation that survived as a resource: keep nothing of it.
      for (const key of object.keys()) object.delete(key);
      return;
    }
    for (const key of ACTIVE_KEYS) object.delete(key);
    for (const [, value] of object.entries()) scrub(value, seen);
  }
}

/**
 * Re-builds a PDF from its pages only: the new document has no JavaScript, open or page actions, annotations
 * (links, form widgets, attachments), forms (AcroForm / XFA), attached files or document metadata.
 */
export async function sanitisePdf(input: Buffer): Promise<Buffer> {
  let source: PDFDocument;
  try {
    // Loaded even when encrypted, to tell that case apart (pdf-lib's own error class is not `instanceof`-able).
    source = await PDFDocument.load(input, {
      throwOnInvalidObject: true,
      updateMetadata: false,
      ignoreEncryption: true,
    });
  } catch {
    throw new PdfRefused('unreadable');
  }
  if (source.isEncrypted) throw new PdfRefused('encrypted');
  let pages;
  try {
    pages = source.getPages();
  } catch {
    throw new PdfRefused('unreadable');
  }
  if (pages.length === 0) throw new PdfRefused('empty');
  if (pages.length > MAX_PDF_PAGES) throw new PdfRefused('too-many-pages');
  try {
    for (const page of pages) {
      for (const key of page.node.keys()) {
        if (!PAGE_KEYS.has(key)) page.node.delete(key);
      }
    }
    const output = await PDFDocument.create({ updateMetadata: false });
    const copies = await output.copyPages(source, source.getPageIndices());
    for (const copy of copies) output.addPage(copy);
    const seen = new Set<PDFObject>();
    for (const [, object] of output.context.enumerateIndirectObjects()) scrub(object, seen);
    return Buffer.from(await output.save({ useObjectStreams: false }));
  } catch (err) {
    if (err instanceof PdfRefused) throw err;
    throw new PdfRefused('unreadable');
  }
}
