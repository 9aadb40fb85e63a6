import copy from '../../../../content/jobs.json';
import site from '../../../../content/site.json';
import { FeedIcon } from '../../components/icons';
import { usePageFeedLink } from '../../lib/page-feed';
import { fill } from '../../lib/text';
import { jobsFeedUrl, type JobQuery } from './job-query';
import { searchValues } from './job-text';

/**
 * The title of a search's Atom feed, as the server writes it in the feed
 * and in the page's <link rel="alternate">: the search's values in
 * canonical order.
 */
export function jobsFeedTitle(q: JobQuery): string {
  const values = searchValues(q);
  return values.length === 0
    ? fill(copy.feed.title, { site: site.name })
    : fill(copy.feed.titleFiltered, { site: site.name, search: values.join(' · ') });
}

/** Keeps the page's feed link in <head> on the feed of search q while the page is shown (usePageFeedLink). */
export function usePageFeed(q: JobQuery) {
  usePageFeedLink(jobsFeedUrl(q), jobsFeedTitle(q));
}

/** A visible link to the Atom feed of search q (every open position when q is empty). */
export function JobsFeedLink({ q, label }: { q: JobQuery; label: string }) {
  return (
    <a
      href={jobsFeedUrl(q)}
      type="application/atom+xml"
      className="inline-flex items-center gap-2 rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
    >
      <FeedIcon className="size-5 shrink-0" />
      {label}
    </a>
  );
}
