import { IconCard } from '../../components/icon-card';
import { ServiceIcon } from './service-icons';

export interface Benefit {
  /** A ServiceIcon key. */
  icon: string;
  title: string;
  text: string;
}

/** Benefits as a grid of cards with an icon each: four in a row on wide screens, or three. */
export function BenefitCards({ items, columns }: { items: readonly Benefit[]; columns: 3 | 4 }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((b) => (
        <IconCard key={b.title} icon={<ServiceIcon name={b.icon} />} title={b.title} text={b.text} />
      ))}
    </ul>
  );
}
