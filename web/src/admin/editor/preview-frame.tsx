// The public page as visitors will see it, rendered by the server from the
// unsaved form, shown in a sandboxed frame: no scripts, no forms, no
// navigation of the console. The frame keeps the site's origin
// (allow-same-origin, never with allow-scripts): with an opaque origin the
// site's Cross-Origin-Resource-Policy refuses it the page's stylesheet and
// images, and the preview showed an unstyled page.
export function PreviewFrame({ html, onClose }: { html: string; onClose: () => void }) {
  return (
    <section aria-labelledby="preview-heading" className="mt-6">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Close preview
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">As the public page shows it, without its scripts (carousels and forms do not move here).</p>
      <iframe title="Preview" sandbox="allow-same-origin" srcDoc={html} className="mt-2 h-[70vh] w-full rounded-md border border-slate-300 bg-white" />
    </section>
  );
}
