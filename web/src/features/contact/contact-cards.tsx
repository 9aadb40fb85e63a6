import type { ReactNode } from 'react';
import copy from '../../../../content/contact.json';
import site from '../../../../content/site.json';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { StaticMarkup } from '../../components/static-markup';

const t = copy.cards;

const link = 'break-words rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline';

/** Phone, e-mail and office address, each in a card. */
export function ContactCards() {
  const { address } = site;
  return (
    // Nothing here changes on the page: hydration leaves it as served.
    <StaticMarkup as="section" aria-labelledby="contact-cards-title">
      <h2 id="contact-cards-title" className="sr-only">
        {t.heading}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        <Card icon={<PhoneIcon className="size-6" />} title={t.phone.title} text={t.phone.text}>
          <a href={`tel:${site.phoneHref}`} className={link}>
            {site.phone}
          </a>
        </Card>
        <Card icon={<MailIcon className="size-6" />} title={t.email.title} text={t.email.text}>
          <a href={`mailto:${site.email}`} className={link}>
            {site.email}
          </a>
        </Card>
        <Card icon={<MapPinIcon className="size-6" />} title={t.office.title} text={t.office.text}>
          <address className="font-semibold text-slate-900 not-italic">
            {address.street}
            <br />
            {address.locality}, {address.region} {address.postalCode}
          </address>
        </Card>
      </ul>
    </StaticMarkup>
  );
}

function Card({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <li data-reveal="fade-in-up" className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 text-slate-700">{text}</p>
        <div className="mt-3">{children}</div>
      </div>
    </li>
  );
}
