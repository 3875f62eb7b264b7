import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { cellText, type ReportTable, type TableColumn } from '../table.js';
import { toWinAnsi } from './winAnsi.js';

/**
 * A report table as a PDF (pdf-lib, standard Helvetica): on every page the title, the organization, the period and
 * the date it was made, then the table's header row; rows break across pages; money right-aligned; "Page n of m"
 * and the table's footer line at the foot. Pure (no DOM): the browser loads it only when a PDF is asked for; the tax package job (functions) calls it too.
 */
export interface PdfMeta {
  title: string;
  organization: string;
  period: string;
  /** When it was made, as shown (e.g. "November 23, 2026"). */
  generated: string;
}

const MARGIN = 36;
const PAD = 3;
const BASE_SIZE = 8;
const HEADER_GAP = 10;
const GREY = rgb(0.92, 0.93, 0.94);
const RULE = rgb(0.8, 0.8, 0.82);
const MUTED = rgb(0.35, 0.35, 0.38);

/** Cents as the PDF shows them: grouped thousands, two decimals, a leading minus. */
export function pdfMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function shown(cell: ReportTable['rows'][number]['cells'][number], column: TableColumn | undefined): string {
  if (column?.kind === 'money' && typeof cell === 'number') return pdfMoney(cell);
  return toWinAnsi(cellText(cell, column?.kind));
}

/** Where a word too long for its line may break without splitting a part of it: after these characters. */
const SOFT_BREAKS = new Set(['@', '.', '-', '_', '/', ',']);

/**
 * Breaks text into lines no wider than `width`: between words first; a word too long for a line (an email address,
 * a link) after an "@", ".", "-", "_", "/" or ","; only a run with none of those is cut where the line ends.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (text === '') return [''];
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width + 0.01;
  for (const word of text.split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      let soft = cut;
      while (soft > 1 && !SOFT_BREAKS.has(rest[soft - 1]!)) soft--;
      if (soft > 1) cut = soft;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

interface Layout {
  size: number;
  widths: number[];
}

/** Money columns as wide as their widest amount; text columns share what is left by weight; smaller type if needed. */
function layout(table: ReportTable, cells: string[][], bold: PDFFont, available: number): Layout {
  const minText = 48;
  for (let size = BASE_SIZE; ; size -= 0.5) {
    const widths = table.columns.map((column, i) => {
      if (column.kind !== 'money') return 0;
      const amounts = Math.max(0, ...cells.map((row) => bold.widthOfTextAtSize(row[i] ?? '', size)));
      const label = Math.min(bold.widthOfTextAtSize(toWinAnsi(column.label), size), 70);
      return Math.max(amounts, label) + 2 * PAD;
    });
    const money = widths.reduce((n, w) => n + w, 0);
    const textColumns = table.columns.filter((c) => c.kind !== 'money');
    const spare = available - money;
    if (spare >= minText * textColumns.length || size <= 5) {
      const weights = textColumns.reduce((n, c) => n + (c.weight ?? 1), 0);
      const share = Math.max(spare, 0);
      const out = table.columns.map((c, i) => (c.kind === 'money' ? widths[i]! : (share * (c.weight ?? 1)) / weights));
      // With no text column the money columns take the page's width between them.
      if (textColumns.length === 0 && money > 0) return { size, widths: out.map((w) => (w * available) / money) };
      return { size, widths: out };
    }
  }
}

export async function tablePdf(
  table: ReportTable,
  meta: PdfMeta,
  options: { useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`${meta.title} - ${meta.organization}`));
  doc.setCreator('Rent.Today');
  doc.setProducer('Rent.Today');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  const landscape = table.columns.length > 5;
  const [pageWidth, pageHeight] = landscape ? [792, 612] : [612, 792];
  const available = pageWidth - 2 * MARGIN;
  const cells = table.rows.map((row) => row.cells.map((cell, i) => shown(cell, table.columns[i])));
  const { size, widths } = layout(table, cells, bold, available);
  const lineHeight = size * 1.25;
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((n, w) => n + w, 0));
  const footerLines = table.footer ? wrap(toWinAnsi(table.footer), font, 8, available) : [];
  const footerTop = MARGIN + 14 + footerLines.length * 10 + 6;

  // An amount is never broken over lines (its column is as wide as the widest amount); text wraps.
  const linesOf = (text: string, i: number, face: PDFFont) =>
    table.columns[i]?.kind === 'money' && text !== '' && /^-?[\d,]+\.\d\d$/.test(text)
      ? [text]
      : wrap(text, face, size, Math.max(widths[i]! - 2 * PAD, 1));
  const drawRow = (page: PDFPage, y: number, texts: string[], face: PDFFont, fill?: typeof GREY) => {
    const wrapped = texts.map((text, i) => linesOf(text, i, face));
    const height = Math.max(...wrapped.map((l) => l.length)) * lineHeight + 2 * PAD;
    if (fill) page.drawRectangle({ x: MARGIN, y: y - height, width: available, height, color: fill });
    wrapped.forEach((lines, i) => {
      const right = table.columns[i]?.kind === 'money';
      lines.forEach((line, n) => {
        if (line === '') return;
        const width = face.widthOfTextAtSize(line, size);
        const x = right ? xs[i]! + widths[i]! - PAD - width : xs[i]! + PAD;
        page.drawText(line, { x, y: y - PAD - (n + 1) * lineHeight + size * 0.25, size, font: face });
      });
    });
    page.drawLine({
      start: { x: MARGIN, y: y - height },
      end: { x: MARGIN + available, y: y - height },
      thickness: 0.4,
      color: RULE,
    });
    return height;
  };
  const rowHeight = (texts: string[], face: PDFFont) =>
    Math.max(...texts.map((text, i) => linesOf(text, i, face).length)) * lineHeight + 2 * PAD;

  const headerTexts = table.columns.map((c) => toWinAnsi(c.label));
  const summaryLines = (table.summary ?? []).flatMap((line) => wrap(toWinAnsi(line), font, 10, available));
  const newPage = () => {
    const page = doc.addPage([pageWidth, pageHeight]);
    let y = pageHeight - MARGIN;
    page.drawText(toWinAnsi(meta.title), { x: MARGIN, y: y - 14, size: 14, font: bold });
    const generated = toWinAnsi(`Generated ${meta.generated}`);
    page.drawText(generated, {
      x: pageWidth - MARGIN - font.widthOfTextAtSize(generated, 9),
      y: y - 14,
      size: 9,
      font,
      color: MUTED,
    });
    y -= 14 + 6;
    page.drawText(toWinAnsi(meta.organization), { x: MARGIN, y: y - 10, size: 10, font: bold });
    y -= 10 + 4;
    page.drawText(toWinAnsi(meta.period), { x: MARGIN, y: y - 9, size: 9, font, color: MUTED });
    y -= 9 + HEADER_GAP;
    // The summary (what the table comes to) on the first page only, between the header and the table.
    if (doc.getPageCount() === 1 && summaryLines.length > 0) {
      for (const line of summaryLines) {
        page.drawText(line, { x: MARGIN, y: y - 10, size: 10, font });
        y -= 10 + 4;
      }
      y -= HEADER_GAP - 4;
    }
    y -= drawRow(page, y, headerTexts, bold, GREY);
    return { page, y };
  };

  let current = newPage();
  table.rows.forEach((row, r) => {
    const face = row.style === 'bold' ? bold : font;
    const texts = cells[r]!;
    if (current.y - rowHeight(texts, face) < footerTop) current = newPage();
    current.y -= drawRow(current.page, current.y, texts, face);
  });

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    page.drawText(label, {
      x: pageWidth - MARGIN - font.widthOfTextAtSize(label, 8),
      y: MARGIN,
      size: 8,
      font,
      color: MUTED,
    });
    footerLines.forEach((line, n) => {
      page.drawText(line, {
        x: MARGIN,
        y: MARGIN + 14 + (footerLines.length - 1 - n) * 10,
        size: 8,
        font,
        color: MUTED,
      });
    });
  });
  return doc.save({ useObjectStreams: options.useObjectStreams ?? true });
}
