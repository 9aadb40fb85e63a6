// A document previewed in the console: a PDF drawn page by page with
// pdf.js (loaded on the first preview only, see pdf-render.ts), an image
// shown inline, a Word file not at all (it must be downloaded). The
// preview fetches the same download route as Download, so it is recorded
// in the audit log the same way; the file never becomes a page of the
// console's origin (the route answers with a sandbox policy, and only its
// bytes are used here). It opens in a dialog that Escape and its Close
// button close, giving focus back to the Preview button.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { OpenPDF } from './pdf-render';
import { keepFocusInside } from '../ui/keep-focus-inside';

const secondary =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';

/** How a document of a content type is previewed. */
export type PreviewKind = 'pdf' | 'image' | 'word' | 'none';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const WORD_TYPES = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

export function previewKind(contentType: string): PreviewKind {
  const t = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (t === 'application/pdf') return 'pdf';
  if (IMAGE_TYPES.includes(t)) return 'image';
  if (WORD_TYPES.includes(t)) return 'word';
  return 'none';
}

/** What the dialog says of a document it cannot show. */
export const NO_WORD_PREVIEW = 'No preview for Word files: download it.';
const NO_PREVIEW = 'No preview for this kind of file: download it.';

/** Reads a blob as a data: URL (the page policy allows data: images, not blob:). */
function dataURL(b: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(b);
  });
}

type View =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'message'; message: string }
  | { state: 'image'; src: string }
  | { state: 'pdf'; pdf: OpenPDF };

/** Fetches url (the audited download route) and prepares what kind shows. */
async function load(url: string, kind: PreviewKind, contentType: string): Promise<View> {
  if (kind === 'word') return { state: 'message', message: NO_WORD_PREVIEW };
  if (kind === 'none') return { state: 'message', message: NO_PREVIEW };
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    return { state: 'error', message: `Could not load the document (${res.status}). Try Download instead.` };
  }
  const bytes = await res.arrayBuffer();
  if (kind === 'image') return { state: 'image', src: await dataURL(new Blob([bytes], { type: contentType })) };
  const { openPDF } = await import('./pdf-render');
  return { state: 'pdf', pdf: await openPDF(bytes) };
}

function PDFPages({ pdf, label }: { pdf: OpenPDF; label: string }) {
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const width = Math.max(200, (box.current?.clientWidth ?? 600) - 2);
    pdf.render(page, c, width).then(
      () => setError(''),
      () => setError('This page could not be drawn. Try Download instead.'),
    );
  }, [pdf, page]);
  return (
    <div className="space-y-3">
      <nav className="flex flex-wrap items-center gap-3" aria-label="Pages">
        <button type="button" className={secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </button>
        <span aria-live="polite">
          Page {page} of {pdf.pages}
        </span>
        <button type="button" className={secondary} disabled={page >= pdf.pages} onClick={() => setPage(page + 1)}>
          Next page
        </button>
      </nav>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div ref={box} className="overflow-auto border border-slate-300 bg-slate-100">
        <canvas ref={canvas} role="img" aria-label={`${label}, page ${page} of ${pdf.pages}`} />
      </div>
    </div>
  );
}

function PreviewDialog({
  url,
  label,
  contentType,
  onClose,
}: {
  url: string;
  label: string;
  contentType: string;
  onClose: () => void;
}) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => close.current?.focus(), []);
  useEffect(() => {
    let live = true;
    let opened: OpenPDF | undefined;
    load(url, previewKind(contentType), contentType).then(
      (v) => {
        if (v.state === 'pdf') opened = v.pdf;
        if (live) setView(v);
        else opened?.close();
      },
      () => live && setView({ state: 'error', message: 'Could not show the document. Try Download instead.' }),
    );
    return () => {
      live = false;
      opened?.close();
    };
  }, [url, contentType]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-2 sm:p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="flex max-h-full w-full max-w-3xl flex-col gap-4 overflow-auto rounded-lg bg-white p-4 shadow-lg sm:p-6"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
          keepFocusInside(e);
        }}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Preview: {label}
          </h2>
          <button ref={close} type="button" className={secondary} onClick={onClose}>
            Close
          </button>
        </div>
        {view.state === 'loading' && <p role="status">Loading the document…</p>}
        {view.state === 'error' && (
          <p role="alert" className="text-red-700">
            {view.message}
          </p>
        )}
        {view.state === 'message' && <p>{view.message}</p>}
        {view.state === 'image' && <img src={view.src} alt={label} className="mx-auto max-w-full" />}
        {view.state === 'pdf' && <PDFPages pdf={view.pdf} label={label} />}
        <p className="text-sm text-slate-700">Previewing a document is recorded in the audit log, as a download is.</p>
      </div>
    </div>
  );
}

/** The Preview button of a document, and its dialog while open. */
export function PreviewButton({ url, label, contentType }: { url: string; label: string; contentType: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onClose = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const kind = previewKind(contentType);
  if (kind !== 'pdf' && kind !== 'image') {
    return <span className="text-sm text-slate-700">{kind === 'word' ? NO_WORD_PREVIEW : NO_PREVIEW}</span>;
  }
  return (
    <>
      <button ref={button} type="button" className={secondary} onClick={() => setOpen(true)}>
        Preview<span className="sr-only"> {label}</span>
      </button>
      {open && <PreviewDialog url={url} label={label} contentType={contentType} onClose={onClose} />}
    </>
  );
}
