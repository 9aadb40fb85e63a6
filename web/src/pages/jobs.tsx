import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import pages from '../../../content/pages.json';
import career from '../../../content/career.json';
import copy from '../../../content/jobs.json';
import { PageBanner } from '../components/page-banner';
import { Section } from '../components/section';
import { ApplicationSent } from '../features/jobs/application-sent';
import { encodeJobQuery, isFiltered, jobSearchApiPath, jobsUrl, parseJobQuery, type JobQuery } from '../features/jobs/job-query';
import { JobSearchForm } from '../features/jobs/job-search-form';
import { JobSearchResults } from '../features/jobs/job-search-results';
import { JobsFeedLink, usePageFeed } from '../features/jobs/jobs-feed';
import { JobAlertForm } from '../features/job-alerts/alert-form';
import { describeSearch } from '../features/jobs/job-text';
import { useApi } from '../lib/api';
import { useLastAnswer } from '../lib/use-last-answer';
import { useDocumentTitle } from '../lib/meta';
import type { JobSearch } from '../gen/wire';

const t = copy.search;

const HEADING_ID = 'job-search-title';

/**
 * Every open position, searchable. The search lives in the URL
 * (?q=&years=&location=&workplace=&department=), so a search can be shared and
 * the server renders it complete; here it is read back from the URL and
 * changed by navigating. Right after a stored application the
 * confirmation comes first (ApplicationSent), its "Browse other open
 * positions" leading down to the list. Below the list, the Atom feed of
 * the same search, which the page's <head> advertises too.
 */
export default function JobsPage() {
  useDocumentTitle(pages['/jobs'].title);
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseJobQuery(search), [search]);
  const path = jobSearchApiPath(query);
  const state = useLastAnswer(useApi<JobSearch>(path));
  usePageFeed(query);

  const onSearch = useCallback(
    (next: JobQuery, { replace }: { replace: boolean }) => {
      const to = jobsUrl(next);
      if (to !== jobsUrl(query)) navigate(to, { replace });
    },
    [navigate, query],
  );

  return (
    <>
      <ApplicationSent listId={HEADING_ID} />
      <PageBanner eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <Section id={HEADING_ID} title={t.heading} tone="muted" reveal={null} focusableTitle>
        <div className="mt-8">
          <JobSearchForm query={query} options={state.data} onSearch={onSearch} />
          <JobSearchResults path={path} state={state} filtered={isFiltered(query)} cardCopy={career.openPositions} />
          <JobAlertForm key={encodeJobQuery(query)} filter={encodeJobQuery(query)} description={describeSearch(query)} />
          <p className="mt-10">
            <JobsFeedLink q={query} label={copy.feed.subscribe} />
          </p>
        </div>
      </Section>
    </>
  );
}
