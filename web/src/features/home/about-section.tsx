import { ArrowLink } from '../../components/arrow-link';
import { IconCard } from '../../components/icon-card';
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
    <Section id="about-title" title={about.heading} intro={about.intro} tone="muted" asServed>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {about.cards.map((card) => (
          <IconCard key={card.title} icon={<AboutIcon name={card.icon} />} title={card.title} text={card.text} className="flex flex-col">
            {card.link && (
              <ArrowLink to={card.link.to} className="mt-auto self-start pt-4">
                {card.link.label}
              </ArrowLink>
            )}
          </IconCard>
        ))}
      </ul>
    </Section>
  );
}
