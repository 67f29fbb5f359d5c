// For tests: what a generated PDF shows, read back with pdf.js (unpdf). Each text item of every
// page with the name of the font it is drawn in, the pages' link annotations, and how many images
// each page paints (the browser tests read downloaded PDFs with it too).
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";

export interface StyledItem {
  page: number;
  text: string;
  /** The embedded font's name without its subset prefix, e.g. "NotoSans-Bold". */
  font: string;
  x: number;
}

export async function inspectPdf(
  bytes: Uint8Array,
): Promise<{ items: StyledItem[]; links: string[]; pages: number; images: number[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject]);
  const items: StyledItem[] = [];
  const links: string[] = [];
  /** Images painted on each page, page 1 first. */
  const images: number[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    // Loads the fonts into commonObjs.
    const ops = await page.getOperatorList();
    images.push(ops.fnArray.filter((fn) => imageOps.has(fn)).length);
    for (const it of content.items) {
      if (!("str" in it) || !it.str.trim()) continue;
      const font = page.commonObjs.get(it.fontName) as { name?: string } | undefined;
      items.push({
        page: n,
        text: it.str,
        font: (font?.name ?? "").replace(/^[A-Z]{6}\+/, ""),
        x: it.transform[4],
      });
    }
    for (const a of await page.getAnnotations()) if (a.subtype === "Link" && a.url) links.push(a.url);
  }
  return { items, links, pages: pdf.numPages, images };
}
