import copy from '../../../../content/career.json';
import { IconCard } from '../../components/icon-card';
import { Section } from '../../components/section';
import { BenefitIcon } from './benefit-icons';

const t = copy.benefits;

/** The three benefits, each in a card. */
export function Benefits() {
  return (
    <Section id="benefits-title" title={t.heading} intro={t.intro} asServed>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {t.items.map((item) => (
          <IconCard key={item.title} icon={<BenefitIcon name={item.icon} />} title={item.title} text={item.text} />
        ))}
      </ul>
    </Section>
  );
}
