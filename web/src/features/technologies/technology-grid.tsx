import { Section } from '../../components/section';
import { TECH_CARD_STAGGER_MS } from './constants';
import { TechnologyIcon } from './technology-icons';

export interface TechnologyCard {
  /** Key of the card's icon (see technology-icons.tsx). */
  icon: string;
  title: string;
  text: string;
}

export interface TechnologiesCopy {
  heading: string;
  intro: string;
  cards: TechnologyCard[];
}

/**
 * The six technology cards. They enter TECH_CARD_STAGGER_MS apart (useReveal
 * of the page reads data-reveal-stagger) and lift and take the brand
 * colour under the pointer. The lift sits on the inner card so it never
 * fights the entrance animation of the list item.
 */
export function TechnologyGrid({ copy }: { copy: TechnologiesCopy }) {
  return (
    // No id, so not a named region: the page banner already is one called "Technologies".
    <Section title={copy.heading} intro={copy.intro}>
      <ul data-reveal-stagger={TECH_CARD_STAGGER_MS} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {copy.cards.map((card) => (
          <li key={card.title} data-reveal="fade-in-up">
            <article className="group h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition duration-300 hover:-translate-y-1 hover:shadow-lg hover:ring-2 hover:ring-brand-500 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
              <span className="flex size-14 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition-colors duration-300 group-hover:bg-brand-700 group-hover:text-white">
                <TechnologyIcon name={card.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{card.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{card.text}</p>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}
