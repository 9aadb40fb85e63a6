import copy from '../../../../content/jobs.json';
import site from '../../../../content/site.json';
import { ShareIcon } from '../../components/icons';
import type { Job } from '../../gen/wire';
import { useSettings } from '../../lib/settings';
import { fill } from '../../lib/text';

const t = copy.share;

/** Where a job's page is shared; each is also the application source (?src=) the shared link carries. */
export const SHARE_SOURCES = ['linkedin', 'x', 'whatsapp', 'email'] as const;

export type ShareSource = (typeof SHARE_SOURCES)[number];

export interface ShareLink {
  source: ShareSource;
  /** The visible label. */
  label: string;
  href: string;
  /** Whether the link opens another site (in a new tab); e-mail opens the mail program. */
  external: boolean;
}

/** The address of job's page as shared to source: the site's public origin, tagged ?src=source. */
export function sharedJobUrl(siteUrl: string, jobId: string, source: ShareSource): string {
  return `${siteUrl}/job/${encodeURIComponent(jobId)}?src=${source}`;
}

/**
 * The plain links that share a job's page: each service's own share
 * address with the page's URL (tagged with the service as its source, so
 * an application that comes of it counts it) and a line about the job.
 * No script or frame of theirs is loaded.
 */
export function shareLinks(job: Pick<Job, 'id' | 'jobTitle' | 'location'>, siteUrl: string): ShareLink[] {
  const values = { jobTitle: job.jobTitle, location: job.location, site: site.name };
  const message = fill(t.message, values);
  const url = (source: ShareSource) => encodeURIComponent(sharedJobUrl(siteUrl, job.id, source));
  const text = encodeURIComponent;
  return [
    { source: 'linkedin', label: t.linkedin, external: true, href: `https://www.linkedin.com/sharing/share-offsite/?url=${url('linkedin')}` },
    { source: 'x', label: t.x, external: true, href: `https://x.com/intent/tweet?text=${text(message)}&url=${url('x')}` },
    {
      source: 'whatsapp',
      label: t.whatsapp,
      external: true,
      href: `https://wa.me/?text=${text(`${message} ${sharedJobUrl(siteUrl, job.id, 'whatsapp')}`)}`,
    },
    {
      source: 'email',
      label: t.email,
      external: false,
      // RFC 6068: every value percent-encoded, line breaks as CRLF.
      href: `mailto:?subject=${text(fill(t.emailSubject, values))}&body=${text(`${fill(t.emailBody, values)}\r\n\r\n${sharedJobUrl(siteUrl, job.id, 'email')}`)}`,
    },
  ];
}

const linkClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-50 sm:w-auto';

/** "Share this position": plain links to LinkedIn, X, WhatsApp and e-mail. */
export function ShareLinks({ job }: { job: Job }) {
  const { siteUrl } = useSettings();
  const hidden = fill(t.hidden, { jobTitle: job.jobTitle });
  return (
    <section aria-labelledby="job-share-title" className="mt-10">
      <h2 id="job-share-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ShareIcon className="size-5 text-brand-700" />
        {t.heading}
      </h2>
      <p className="mt-1 text-slate-700">{t.text}</p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        {shareLinks(job, siteUrl).map((l) => (
          <li key={l.source}>
            <a
              href={l.href}
              className={linkClass}
              {...(l.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {l.label}{' '}
              <span className="sr-only">
                {hidden}
                {l.external ? ` ${t.newTab}` : ''}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
