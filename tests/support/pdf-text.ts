import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

/**
 * The text of each page of a PDF that draws its text as hex strings (`<…> Tj`, as pdf-lib does with the standard
 * fonts): each drawn string, in drawing order. Streams are inflated when FlateDecode; WinAnsi bytes read as Latin-1
 * (exact for the ASCII the tests look for).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const texts: string[] = [];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) throw new Error('Unexpected content stream');
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
      for (const match of raw.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        texts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
      }
    }
    return texts;
  });
}
