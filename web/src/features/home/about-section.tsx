import { ArrowLink } from '../../components/arrow-link';
import { Section } from '../../components/section';
import { AboutIcon } from './about-icons';

export interface AboutCard {
  /** Key of the card's icon (see about-icons.tsx). */
  icon: string;
  title: string;
  text: string;
  link?: { label: string; to: string };
}

export interface AboutSectionCopy {
  heading: string;
  intro: string;
  cards: AboutCard[];
}

/**
 * The About Us block: a heading and four cards (mission, expertise,
 * clients, more). The home page and the About page each give their copy.
 */
export function AboutSection({ copy: about }: { copy: AboutSectionCopy }) {
  return (
    <Section id="about-title" title={about.heading} intro={about.intro} tone="muted">
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {about.cards.map((card) => (
          <li
            key={card.title}
            data-reveal="fade-in-up"
            className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <AboutIcon name={card.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{card.text}</p>
            {card.link && (
              <ArrowLink to={card.link.to} className="mt-auto self-start pt-4">
                {card.link.label}
              </ArrowLink>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
