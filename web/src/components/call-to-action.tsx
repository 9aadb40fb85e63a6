import { Link } from '../lib/router';
import { ArrowRightIcon } from './icons';

interface Action {
  label: string;
  to: string;
}

export interface CallToActionCopy {
  heading: string;
  text: string;
  primary: Action;
  secondary?: Action;
}

/**
 * light: a pale band whose text and buttons enter together. dark: the brand
 * gradient, wider and roomier; only the text enters, the buttons carry an
 * arrow (the secondary one is outlined, like the home hero's).
 */
type Tone = 'light' | 'dark';

interface ToneStyle {
  section: string;
  /** Width, spacing and the breakpoint where text and buttons sit side by side. */
  container: string;
  /** Whether the whole band enters (data-reveal) or only its text. */
  revealAll: boolean;
  title: string;
  text: string;
  primary: string;
  secondary: string;
  arrow: boolean;
}

const tones: Record<Tone, ToneStyle> = {
  light: {
    section: 'bg-brand-50 py-16',
    container: 'max-w-5xl gap-6 md:flex-row md:items-center md:justify-between',
    revealAll: true,
    title: 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl',
    text: 'mt-3 text-lg text-slate-700',
    primary: 'rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800',
    secondary: 'rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-100',
    arrow: false,
  },
  dark: {
    section: 'on-dark bg-linear-to-br from-brand-800 to-brand-900 text-white',
    container: 'max-w-7xl gap-8 py-16 sm:py-20 lg:flex-row lg:items-center lg:justify-between',
    revealAll: false,
    title: 'text-3xl font-bold tracking-tight text-balance sm:text-4xl',
    text: 'mt-4 text-lg text-brand-100',
    primary: 'inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 text-lg font-semibold text-brand-800 shadow-sm hover:bg-brand-50',
    secondary: 'inline-flex items-center gap-2 rounded-lg px-6 py-3 text-lg font-semibold text-white ring-1 ring-white/70 hover:bg-white/10',
    arrow: true,
  },
};

interface Props {
  copy: CallToActionCopy;
  tone?: Tone;
}

/** The closing band of a page: a question, a sentence and one or two button-styled links (e.g. contact, careers). */
export function CallToAction({ copy, tone = 'light' }: Props) {
  const t = tones[tone];
  const reveal = 'fade-in-up';
  return (
    <section aria-labelledby="cta-title" className={t.section}>
      <div
        data-reveal={t.revealAll ? reveal : undefined}
        className={`mx-auto flex flex-col items-start px-4 lg:px-6 ${t.container}`}
      >
        <div data-reveal={t.revealAll ? undefined : reveal} className="max-w-2xl">
          <h2 id="cta-title" className={t.title}>
            {copy.heading}
          </h2>
          <p className={t.text}>{copy.text}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-4">
          <Link to={copy.primary.to} className={t.primary}>
            {copy.primary.label}
            {t.arrow && <ArrowRightIcon className="size-5" />}
          </Link>
          {copy.secondary && (
            <Link to={copy.secondary.to} className={t.secondary}>
              {copy.secondary.label}
              {t.arrow && <ArrowRightIcon className="size-5" />}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
