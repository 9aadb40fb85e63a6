import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Job, JobSearch } from '../../gen/wire';
import { renderApp } from '../../test/render-app';
import { EMPTY_QUERY, jobsFeedUrl, parseJobQuery } from './job-query';
import { describeSearch } from './job-text';
import { jobsFeedTitle } from './jobs-feed';

const job: Job = {
  id: 'cloud',
  jobTitle: 'Cloud Engineer',
  experience: '3-5',
  location: 'Bangalore',
  description: '<p>Work.</p>',
  workplace: 'onsite',
  postedDaysAgo: 2,
  applicationsOpen: true,
  pageTitle: 'Cloud Engineer – Bangalore | Nimbus Grove Technologies',
  createdAt: '2026-11-01T00:00:00Z',
};

const search = (jobs: Job[]): { data: JobSearch } => ({
  data: { jobs, total: 1, locations: ['Bangalore'], workplaces: ['onsite'], departments: [], location: 'Bangalore' },
});

/** The page's feed link in <head>, as usePageFeed keeps it. */
const headFeed = () => document.head.querySelector<HTMLLinkElement>('link[data-page-feed]');

describe('a search in words', () => {
  it('labels each value as the job alerts do, the workplace in words', () => {
    expect(describeSearch({ q: 'go', location: 'Pune' })).toBe('Keywords: go · Location: Pune');
    expect(describeSearch({ workplace: 'remote', years: '4' })).toBe('Years of experience: 4 · Workplace: Remote');
    expect(describeSearch(parseJobQuery('?department=Cloud&workplace=hybrid'))).toBe('Workplace: Hybrid · Department: Cloud');
    expect(describeSearch({})).toBe('All open positions');
    expect(describeSearch(EMPTY_QUERY)).toBe('All open positions');
  });
});

describe('jobs feed', () => {
  it('is the search’s canonical query on the feed path, titled after its values', () => {
    expect(jobsFeedUrl(EMPTY_QUERY)).toBe('/jobs/feed.xml');
    const q = parseJobQuery('?department=Cloud&utm_source=x&location=+Bangalore&q=go+dev');
    expect(jobsFeedUrl(q)).toBe('/jobs/feed.xml?q=go%20dev&location=Bangalore&department=Cloud');
    expect(jobsFeedTitle(EMPTY_QUERY)).toBe('Open positions at Nimbus Grove Technologies');
    expect(jobsFeedTitle(q)).toBe('Open positions at Nimbus Grove Technologies matching “go dev · Bangalore · Cloud”');
    expect(jobsFeedTitle(parseJobQuery('?workplace=remote&years=4&location=Pune'))).toBe(
      'Open positions at Nimbus Grove Technologies matching “4 years of experience · Pune · Remote”',
    );
  });

  it('/jobs links its search’s feed visibly and in <head>', () => {
    const { unmount } = renderApp('/jobs?location=Bangalore', { api: { '/api/jobs/search?location=Bangalore': search([job]) } });
    const link = screen.getByRole('link', { name: 'Subscribe to these jobs (Atom feed)' });
    expect(link.getAttribute('href')).toBe('/jobs/feed.xml?location=Bangalore');
    expect(link.getAttribute('type')).toBe('application/atom+xml');
    expect(headFeed()?.getAttribute('href')).toBe('/jobs/feed.xml?location=Bangalore');
    expect(headFeed()?.title).toBe('Open positions at Nimbus Grove Technologies matching “Bangalore”');
    expect(headFeed()?.type).toBe('application/atom+xml');
    unmount();
    expect(headFeed()).toBeNull();
  });

  it('the career page links the feed of every open position', () => {
    const { unmount } = renderApp('/career', { api: { '/api/jobs': { data: [job] } } });
    const link = screen.getByRole('link', { name: 'Subscribe to new positions (Atom feed)' });
    expect(link.getAttribute('href')).toBe('/jobs/feed.xml');
    expect(headFeed()?.getAttribute('href')).toBe('/jobs/feed.xml');
    unmount();
  });
});
