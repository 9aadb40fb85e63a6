import { ArrowLink } from '../../components/arrow-link';
import { fill } from '../../lib/text';
import { SERVICE_CARD_DELAY_MS } from './constants';
import { ServiceIcon } from './service-icons';

export interface ServiceCard {
  /** Key of the card's icon (see service-icons.tsx). */
  icon: string;
  title: string;
  text: string;
  to: string;
}

interface Props {
  cards: ServiceCard[];
  /** The visible link text, e.g. "Learn More". */
  learnMore: string;
  /** Completes the link's accessible name, e.g. " about {title}". */
  learnMoreHidden: string;
}

/**
 * The service cards, each leading to its service page. They enter
 * SERVICE_CARD_DELAY_MS apart by index (useReveal of the page reads
 * data-reveal-stagger).
 */
export function ServiceCards({ cards, learnMore, learnMoreHidden }: Props) {
  return (
    <ul data-reveal-stagger={SERVICE_CARD_DELAY_MS} className="grid gap-6">
      {cards.map((card) => (
        <li
          key={card.to}
          data-reveal="fade-in-up"
          className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row"
        >
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <ServiceIcon name={card.icon} />
          </span>
          <div className="flex flex-col">
            <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{card.text}</p>
            <ArrowLink to={card.to} className="mt-4 self-start">
              {learnMore}
              <span className="sr-only">{fill(learnMoreHidden, { title: card.title })}</span>
            </ArrowLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
