import type { PDFDocument, PDFName, PDFObject } from 'pdf-lib';
import { lazyModule } from '../../lib/lazy-module';

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
const PAGE_KEY_NAMES = [
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
];

/** Entries that carry actions, scripts, forms or attached files, removed wherever they appear. */
const ACTIVE_KEY_NAMES = [
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
];

/** Dictionaries that are actions, attached files or annotations (by /Type, or an action's /S). */
const ACTIVE_TYPE_NAMES = ['Action', 'Filespec', 'EmbeddedFile', 'Annot', 'XFAResource'];
const ACTION_KIND_NAMES = [
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
];

/** pdf-lib and the names above as its objects, loaded with the first PDF uploaded. */
const pdf = lazyModule(async () => {
  const lib = await import('pdf-lib');
  const names = (list: string[]) => list.map((name) => lib.PDFName.of(name));
  return {
    lib,
    PAGE_KEYS: new Set<PDFName>(names(PAGE_KEY_NAMES)),
    ACTIVE_KEYS: names(ACTIVE_KEY_NAMES),
    ACTIVE_TYPES: new Set<PDFName>(names(ACTIVE_TYPE_NAMES)),
    ACTION_KINDS: new Set<PDFName>(names(ACTION_KIND_NAMES)),
    TYPE: lib.PDFName.of('Type'),
    SUBTYPE: lib.PDFName.of('S'),
  };
});
type Pdf = Awaited<ReturnType<typeof pdf>>;

/** Removes active entries from a dictionary and everything directly inside it (indirect objects are visited on their own). */
function scrub(vocabulary: Pdf, object: PDFObject | undefined, seen: Set<PDFObject>) {
  const { lib, TYPE, SUBTYPE, ACTIVE_TYPES, ACTION_KINDS, ACTIVE_KEYS } = vocabulary;
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = lib;
  if (!object || object instanceof PDFRef || seen.has(object)) return;
  seen.add(object);
  if (object instanceof PDFStream) {
    scrub(vocabulary, object.dict, seen);
    return;
  }
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i += 1) scrub(vocabulary, object.get(i), seen);
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
    for (const [, value] of object.entries()) scrub(vocabulary, value, seen);
  }
}

/**
 * Re-builds a PDF from its pages only: the new document has no JavaScript, open or page actions, annotations
 * (links, form widgets, attachments), forms (AcroForm / XFA), attached files or document metadata.
 */
export async function sanitisePdf(input: Buffer): Promise<Buffer> {
  const vocabulary = await pdf();
  const { PDFDocument } = vocabulary.lib;
  const { PAGE_KEYS } = vocabulary;
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
    for (const [, object] of output.context.enumerateIndirectObjects())
      scrub(vocabulary, object, seen);
    return Buffer.from(await output.save({ useObjectStreams: false }));
  } catch (err) {
    if (err instanceof PdfRefused) throw err;
    throw new PdfRefused('unreadable');
  }
}
