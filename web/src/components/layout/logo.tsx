import site from '../../../../content/site.json';

/** The company mark: a cloud over three trunks, a grove in the sky. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#1f43b5" />
      <path
        d="M9.5 18.5a4 4 0 0 1 .6-7.9 6 6 0 0 1 11.3 1.1 3.5 3.5 0 0 1 .9 6.8z"
        fill="#fff"
      />
      <path d="M12 18.5V25m4-6.5V26m4-7.5V25" stroke="#bfd2ff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Mark and company name. The short name stands in below lg where the
 * header is crowded; the link around it carries the full accessible name.
 */
export function LogoLockup({ tone = 'dark', alwaysFull = false }: { tone?: 'dark' | 'light'; alwaysFull?: boolean }) {
  const color = tone === 'dark' ? 'text-brand-900' : 'text-white';
  return (
    <span className={`flex items-center gap-2 font-bold tracking-tight ${color}`}>
      <LogoMark />
      {alwaysFull ? (
        <span className="text-lg">{site.name}</span>
      ) : (
        <>
          <span className="text-lg lg:hidden">{site.shortName}</span>
          <span className="hidden text-lg lg:inline">{site.name}</span>
        </>
      )}
    </span>
  );
}
