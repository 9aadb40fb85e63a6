import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { ArrowRightIcon } from './icons';

/** A text link in the brand colour with an arrow after it ("Read More", "Learn More"). */
export function ArrowLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline${className ? ` ${className}` : ''}`}
    >
      {children}
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
