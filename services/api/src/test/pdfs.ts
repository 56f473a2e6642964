import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** Generated test PDFs (no binary fixtures in the repository). */

/** A one-page "scan" of a passport page. */
export async function plainPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 420]);
  const font = await doc.embedFont(StandardFonts.Courier);
  page.drawText('P<GBRSMITH<<ANN<MARY<<<<<<<<<<<<<<<<<<<<<<<<<', { x: 30, y: 60, size: 14, font });
  return Buffer.from(await doc.save());
}

/**
 * A PDF with everything that acts: a JavaScript open action, a page action, an attached file, a form field and
 * a link annotation that launches a program. Written without object streams so the markers are visible bytes.
 */
export async function activePdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 420]);
  const font = await doc.embedFont(StandardFonts.Courier);
  page.drawText('P<GBRSMITH<<ANN<MARY<<<<<<<<<<<<<<<<<<<<<<<<<', { x: 30, y: 60, size: 14, font });
  await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
    mimeType: 'application/octet-stream',
  });
  doc.getForm().createTextField('passport.number').addToPage(page, { x: 30, y: 300 });
  const ctx = doc.context;
  doc.catalog.set(
    PDFName.of('OpenAction'),
    ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("opened")') }),
  );
  page.node.set(
    PDFName.of('AA'),
    ctx.obj({ O: { S: 'JavaScript', JS: PDFString.of('app.alert("page")') } }),
  );
  page.node.addAnnot(
    ctx.register(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 100, 20],
        A: { S: 'Launch', F: PDFString.of('calc.exe') },
      }),
    ),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer says it is encrypted. */
export async function encryptedPdf() {
  const text = (await activePdf()).toString('latin1');
  return Buffer.from(
    text.replace(
      /trailer\s*<<\s*/,
      (m) => `${m}/Encrypt << /Filter /Standard /V 1 /R 2 /P -4 /O (x) /U (y) >>\n`,
    ),
    'latin1',
  );
}
