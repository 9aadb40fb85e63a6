import type { ReactNode } from 'react';
import type { RevealKind } from '../lib/motion';
import { StaticMarkup } from './static-markup';

/** The band's background; sections alternate plain and muted down a page. */
export type SectionTone = 'plain' | 'white' | 'muted' | 'dark';

const tones: Record<SectionTone, string> = {
  plain: '',
  white: 'bg-white',
  muted: 'bg-slate-50',
  dark: 'on-dark bg-linear-to-br from-brand-900 to-brand-800 text-white',
};

/**
 * stacked: the header above the content; centered: a narrower band whose
 * header is centred from md up; split: the header in a column beside the
 * content on wide screens (the content then takes the other two columns).
 */
export type SectionLayout = 'stacked' | 'centered' | 'split';

const layouts: Record<SectionLayout, { container: string; header?: string; reveal: RevealKind }> = {
  stacked: { container: 'max-w-7xl', header: 'max-w-2xl', reveal: 'fade-in-up' },
  centered: { container: 'max-w-5xl', header: 'max-w-2xl md:mx-auto md:text-center', reveal: 'fade-in-up' },
  split: { container: 'grid max-w-7xl gap-10 lg:grid-cols-3', reveal: 'fade-in-left' },
};

interface Props {
  /** Id of the h2, which names the section. Without it the section is not a named region. */
  id?: string;
  title: string;
  /** A sentence under the title. */
  intro?: string;
  tone?: SectionTone;
  layout?: SectionLayout;
  /** Entrance of the header (useReveal of the page); null for none. Defaults by layout. */
  reveal?: RevealKind | null;
  /** Beside the header, at its end (e.g. a "see all" link); may be empty. */
  aside?: ReactNode;
  /** The h2 can take focus (tabIndex -1), for in-page links that jump to it. */
  focusableTitle?: boolean;
  /** More classes for the section element. */
  className?: string;
  /**
   * Markup and links only, nothing below with state, an effect or a handler:
   * on the page as served it is kept as sent and never hydrated (StaticMarkup),
   * so the browser runs none of its components.
   */
  asServed?: boolean;
  /** What follows the header; it sets its own top margin. */
  children: ReactNode;
}

/** A titled band of a page: the h2 with an intro, then its content, in the page-wide container. */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  layout = 'stacked',
  reveal,
  aside,
  focusableTitle = false,
  className,
  asServed = false,
  children,
}: Props) {
  const l = layouts[layout];
  const dark = tone === 'dark';
  const heading = (
    <>
      <h2
        id={id}
        tabIndex={focusableTitle ? -1 : undefined}
        className={join(focusableTitle && 'rounded-sm', 'text-3xl font-bold tracking-tight', !dark && 'text-slate-900', 'sm:text-4xl')}
      >
        {title}
      </h2>
      {intro && <p className={`mt-4 text-lg ${dark ? 'text-brand-100' : 'text-slate-700'}`}>{intro}</p>}
    </>
  );
  const headerReveal = (reveal === undefined ? l.reveal : reveal) ?? undefined;

  const contents = (
    <div className={`mx-auto ${l.container} px-4 lg:px-6`}>
      {aside === undefined ? (
        <div data-reveal={headerReveal} className={l.header}>
          {heading}
        </div>
      ) : (
        <div data-reveal={headerReveal} className="flex flex-wrap items-end justify-between gap-4">
          <div className={l.header}>{heading}</div>
          {aside}
        </div>
      )}
      {children}
    </div>
  );
  const sectionClass = join(className, tones[tone], 'py-16 sm:py-20');
  return asServed ? (
    <StaticMarkup as="section" aria-labelledby={id} className={sectionClass}>
      {contents}
    </StaticMarkup>
  ) : (
    <section aria-labelledby={id} className={sectionClass}>
      {contents}
    </section>
  );
}

function join(...classes: (string | false | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
