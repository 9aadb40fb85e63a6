import { useToast } from '../../components/toast/use-toast';

interface Props {
  /** The absolute URL to copy. */
  url(): string;
  label: string;
  /** Extra words for screen readers after the label (which job). */
  hiddenLabel: string;
  copied: string;
  failed: string;
}

/** Copies a URL to the clipboard and says so in a toast. */
export function CopyLinkButton({ url, label, hiddenLabel, copied, failed }: Props) {
  const toast = useToast();

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url());
      toast.show(copied, { tone: 'success' });
    } catch {
      toast.show(failed, { tone: 'error' });
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition-colors hover:bg-slate-100 hover:text-slate-900"
    >
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </svg>
      {label} <span className="sr-only">{hiddenLabel}</span>
    </button>
  );
}
