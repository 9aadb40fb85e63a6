import nav from '../../../../content/navigation.json';
import site from '../../../../content/site.json';
import { fill } from '../../lib/text';

/** A link of the site navigation, as content/navigation.json gives it. */
export interface NavTarget {
  label: string;
  to: string;
  summary?: string;
  /** Words for screen readers and search engines after a terse label ("More"). */
  hint?: string;
}

export const headerCopy = nav.header;

/** The header's entries in order; the one with dropdown opens the services list. */
export const headerItems: (NavTarget & { dropdown?: boolean })[] = nav.header.items;

export const contactLink: NavTarget = nav.header.contact;

/** The three service pages, shared by the header and the footer. */
export const serviceLinks: NavTarget[] = nav.services;

/** The services overview page, first entry of the dropdown. */
export const allServicesLink: NavTarget = {
  label: nav.header.allServicesLabel,
  to: headerItems.find((i) => i.dropdown)?.to ?? '/services',
  summary: nav.header.allServicesSummary,
};

/** The accessible name of the logo link: it starts with the visible name. */
export const homeLinkLabel = fill(nav.header.homeLinkLabel, { name: site.name });

/** Whether pathname is the services overview or one service page. */
export function isServicesPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === allServicesLink.to || serviceLinks.some((s) => s.to === path);
}
