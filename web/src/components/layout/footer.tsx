import { Link } from '../../lib/router';
import copy from '../../../../content/footer.json';
import site from '../../../../content/site.json';
import { fill } from '../../lib/text';
import { MailIcon, MapPinIcon, PhoneIcon } from '../icons';
import { StaticMarkup } from '../static-markup';
import { LogoLockup } from './logo';
import { serviceLinks } from './nav-data';
import { SocialIcon } from './social-icons';

const listLink = 'rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline';
const inlineLink = 'rounded-sm text-white underline decoration-slate-400 underline-offset-4 hover:decoration-white';

/**
 * The site footer. showRefundNote defaults to the flag in site.json. The
 * page as served keeps it as sent: hydration does not run it (StaticMarkup).
 */
export function Footer({ showRefundNote = site.showRefundNote }: { showRefundNote?: boolean }) {
  const { address } = site;
  return (
    <StaticMarkup as="footer" className="on-dark bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-12 lg:px-6">
        <div className="lg:col-span-4">
          <LogoLockup tone="light" alwaysFull />
          <p className="mt-4 max-w-sm leading-relaxed">{site.blurb}</p>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">{copy.socialHeading}</h2>
          <ul className="mt-3 flex gap-3">
            {site.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-100 ring-1 ring-slate-700 transition-colors hover:bg-brand-700 hover:text-white"
                >
                  <SocialIcon name={s.name} className="size-5" />
                  <span className="sr-only">
                    {s.name} {copy.newTabNote}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <LinkList id="footer-services" heading={copy.servicesHeading} links={serviceLinks} className="lg:col-span-3" />
        <LinkList id="footer-quick-links" heading={copy.quickLinksHeading} links={copy.quickLinks} className="lg:col-span-2" />

        <div className="lg:col-span-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{copy.contactHeading}</h2>
          <address className="mt-4 space-y-4 not-italic">
            <p className="flex gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-200" />
              <span>
                <span className="sr-only">{copy.addressLabel}: </span>
                {address.street}
                <br />
                {address.locality}, {address.region} {address.postalCode}
              </span>
            </p>
            <p className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-200" />
              <span>
                <span className="sr-only">{copy.phoneLabel}: </span>
                <a href={`tel:${site.phoneHref}`} className={inlineLink}>
                  {site.phone}
                </a>
              </span>
            </p>
            <p className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-200" />
              <span>
                <span className="sr-only">{copy.emailLabel}: </span>
                <a href={`mailto:${site.email}`} className={`${inlineLink} break-all`}>
                  {site.email}
                </a>
              </span>
            </p>
          </address>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between lg:px-6">
          <div>
            <p>{fill(copy.copyright, { year: site.copyrightYear, name: site.name })}</p>
            {showRefundNote && <p className="mt-1">{copy.refundNote}</p>}
          </div>
          <nav aria-label={copy.legalLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {copy.legalLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={inlineLink}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </StaticMarkup>
  );
}

/** A titled list of site links (footer column). */
function LinkList({ id, heading, links, className }: { id: string; heading: string; links: { to: string; label: string }[]; className: string }) {
  return (
    <nav aria-labelledby={id} className={className}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-white">
        {heading}
      </h2>
      <ul className="mt-4 space-y-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={listLink}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
