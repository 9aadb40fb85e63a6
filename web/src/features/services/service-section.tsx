import type { ReactNode } from 'react';
import { Section } from '../../components/section';

interface Props {
  /** Id of the h2, which names the section. */
  id: string;
  heading: string;
  intro?: string;
  /** Muted sections alternate with white ones down the page. */
  muted?: boolean;
  /** Markup and links only: kept as served, never hydrated (see Section). */
  asServed?: boolean;
  children: ReactNode;
}

/** A titled band of a service page: h2, a lead sentence, then its content. */
export function ServiceSection({ id, heading, intro, muted = false, asServed = false, children }: Props) {
  return (
    <Section id={id} title={heading} intro={intro} tone={muted ? 'muted' : 'white'} asServed={asServed}>
      <div className="mt-10 sm:mt-12">{children}</div>
    </Section>
  );
}
