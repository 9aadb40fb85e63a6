import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import pages from '../../../content/pages.json';
import career from '../../../content/career.json';
import copy from '../../../content/jobs.json';
import { PageBanner } from '../components/page-banner';
import { Section } from '../components/section';
import { ApplicationSent } from '../features/jobs/application-sent';
import { isFiltered, jobSearchApiPath, jobsUrl, parseJobQuery, type JobQuery } from '../features/jobs/job-query';
import { JobSearchForm } from '../features/jobs/job-search-form';
import { JobSearchResults } from '../features/jobs/job-search-results';
import { useApi } from '../lib/api';
import { useLastAnswer } from '../lib/use-last-answer';
import { useDocumentTitle } from '../lib/meta';
import type { JobSearch } from '../gen/wire';

const t = copy.search;

const HEADING_ID = 'job-search-title';

/**
 * Every open position, searchable. The search lives in the URL
 * (?q=&location=&experience=&department=), so a search can be shared and
 * the server renders it complete; here it is read back from the URL and
 * changed by navigating. Right after a stored application the
 * confirmation comes first (ApplicationSent), its "Browse other open
 * positions" leading down to the list.
 */
export default function JobsPage() {
  useDocumentTitle(pages['/jobs'].title);
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseJobQuery(search), [search]);
  const path = jobSearchApiPath(query);
  const state = useLastAnswer(useApi<JobSearch>(path));

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
        </div>
      </Section>
    </>
  );
}
