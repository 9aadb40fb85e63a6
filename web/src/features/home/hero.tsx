import { Link } from '../../lib/router';
import copy from '../../../../content/home.json';
import site from '../../../../content/site.json';
import { Icon } from '../../components/icons';
import { fill } from '../../lib/text';
import { HeroArt } from './hero-art';
import { HeroHeadline } from './hero-headline';

const { hero } = copy;

/** The home page's opening section with the switching headline. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="on-dark overflow-x-clip bg-linear-to-br from-brand-900 to-brand-800 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:px-6 lg:py-28">
        <div data-reveal="fade-in-left">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">{hero.eyebrow}</p>
          <div className="mt-4">
            <HeroHeadline
              id="hero-title"
              welcome={fill(hero.welcome, { name: site.name })}
              headline={hero.headline}
              className="text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl"
            />
          </div>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-brand-100">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link
              to={hero.cta.to}
              className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50"
            >
              {hero.cta.label}
            </Link>
            <Link
              to={hero.secondary.to}
              className="rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white/70 transition-colors hover:bg-white/10"
            >
              {hero.secondary.label}
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
            {hero.highlights.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <Icon className="size-4 text-brand-200">
                  <path d="m5 12 5 5L19 7" />
                </Icon>
                {h}
              </li>
            ))}
          </ul>
        </div>
        <div data-reveal="fade-in-right" className="mx-auto hidden w-full max-w-md lg:block">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
