import type { ReactNode } from 'react';

interface Props {
  /** Id of the h2, which names the section. */
  id: string;
  heading: string;
  intro?: string;
  /** Muted sections alternate with white ones down the page. */
  muted?: boolean;
  children: ReactNode;
}

/** A titled band of a service page: h2, a lead sentence, then its content. */
export function ServiceSection({ id, heading, intro, muted = false, children }: Props) {
  return (
    <section aria-labelledby={id} className={`py-16 sm:py-20 ${muted ? 'bg-slate-50' : 'bg-white'}`}>
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-700">{intro}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
