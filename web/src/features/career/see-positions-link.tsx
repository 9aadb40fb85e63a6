import { InPageLink } from '../../components/in-page-link';

/** The banner's link down to the open-positions heading (an in-page link: scrolls and moves focus there). */
export function SeePositionsLink({ targetId, label }: { targetId: string; label: string }) {
  return (
    <InPageLink
      targetId={targetId}
      className="inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50"
    >
      {label}
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 5v14m-6-6 6 6 6-6" />
      </svg>
    </InPageLink>
  );
}
