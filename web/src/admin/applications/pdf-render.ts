// PDF rendering for the document preview, with pdf.js (pdfjs-dist). This
// module is imported lazily, on a first preview only, so pdf.js is in
// neither the public site's bundle nor the console's first load; its
// worker is a file of the console's own assets (/admin-assets/), which the
// page's policy allows (script-src 'self'). Only pages are drawn to a
// canvas: no annotation layer (no links to follow), no XFA forms, and no
// scripting (pdf.js runs a document's JavaScript only in its viewer's
// sandbox, which is not loaded; this version of pdf.js evaluates no code).
import { AnnotationMode, getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** An open PDF: its page count, a way to draw a page, and to let it go. */
export interface OpenPDF {
  pages: number;
  /** Draws page n (1-based) to fit width CSS pixels. */
  render(n: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  close(): void;
}

export async function openPDF(data: ArrayBuffer): Promise<OpenPDF> {
  const task = getDocument({ data, enableXfa: false, useWasm: false, stopAtErrors: false });
  const doc: PDFDocumentProxy = await task.promise;
  return {
    pages: doc.numPages,
    async render(n, canvas, width) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      await page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE }).promise;
    },
    close() {
      void task.destroy();
    },
  };
}
