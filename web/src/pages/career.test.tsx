import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { JOB_LINK_PULSE_MS } from '../features/jobs/constants';
import type { Job } from '../gen/wire';
import { renderApp } from '../test/render-app';
import { setViewport } from '../test/dom-stubs';

const job = (id: string, jobTitle: string, experience: string, location: string): Job => ({
  id,
  jobTitle,
  experience,
  location,
  workplace: 'onsite',
  postedDaysAgo: 2,
  description: '<p>Work.</p>',
  applicationsOpen: true,
  pageTitle: `${jobTitle} – ${location} | Nimbus Grove Technologies`,
  createdAt: '2026-11-01T00:00:00Z',
});

const jobs = [job('go-eng', 'Backend Engineer (Go)', '3-5', 'Hyderabad'), job('qa', 'QA Engineer', '2-4', 'Bangalore')];

const grid = () => within(screen.getByRole('region', { name: 'Open Positions' }));

describe('Career page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setViewport(1280);
  });

  it('shows the banner, the sections and a card per open job', () => {
    renderApp('/career', { api: { '/api/jobs': { data: jobs } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join Our Team');
    expect(screen.getByRole('link', { name: 'See Open Positions' }).getAttribute('href')).toBe('#open-positions');
    for (const h of ['Who we are', 'Our Office', 'Our Benefits', 'Open Positions']) {
      expect(screen.getByRole('heading', { level: 2, name: h })).toBeTruthy();
    }
    for (const b of ['Competitive Salary & Equity', 'Health, Dental & Vision Insurance', 'Flexible Work Hours & Remote Work']) {
      expect(screen.getByRole('heading', { level: 3, name: b })).toBeTruthy();
    }
    expect(screen.getAllByRole('img', { name: /^Illustration of/ })).toHaveLength(4);

    const cards = grid().getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe('Backend Engineer (Go)');
    expect(first.getByText('3-5 years')).toBeTruthy();
    expect(first.getByText('Hyderabad')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View Details for Backend Engineer (Go)' }).getAttribute('href')).toBe('/job/go-eng');
    expect(first.getByRole('link', { name: 'Apply Now for Backend Engineer (Go)' }).getAttribute('href')).toBe('/apply/go-eng');
    expect(grid().getByRole('link', { name: 'Search all positions' }).getAttribute('href')).toBe('/jobs');
  });

  it('focuses the open-positions heading from the banner link', () => {
    // jsdom has no scrollIntoView.
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    onTestFinished(() => void delete (Element.prototype as Partial<Element>).scrollIntoView);
    renderApp('/career', { api: { '/api/jobs': { data: jobs } } });
    fireEvent.click(screen.getByRole('link', { name: 'See Open Positions' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Open Positions' });
    expect(document.activeElement).toBe(heading);
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });

    setViewport(1280, { reducedMotion: true });
    fireEvent.click(screen.getByRole('link', { name: 'See Open Positions' }));
    expect(scroll).toHaveBeenLastCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('says so kindly when there are no open jobs', () => {
    renderApp('/career', { api: { '/api/jobs': { data: [] } } });
    expect(grid().getByRole('heading', { level: 3 }).textContent).toBe('No open positions right now');
    expect(grid().getByRole('link', { name: /careers@/ }).getAttribute('href')).toBe('mailto:careers@nimbusgrove.example');
  });

  it('explains a failed load and offers a retry', () => {
    renderApp('/career', { api: { '/api/jobs': { error: { code: 'internal', message: 'Internal error.' } } } });
    expect(grid().getByRole('alert').textContent).toContain('We could not load the open positions.');
  });

  it(`pulses a job link for ${JOB_LINK_PULSE_MS} ms, then opens the job`, async () => {
    vi.useFakeTimers();
    renderApp('/career', { api: { '/api/jobs': { data: jobs }, '/api/jobs/go-eng': { data: jobs[0] } } });
    const link = screen.getByRole('link', { name: 'View Details for Backend Engineer (Go)' });
    fireEvent.click(link);
    expect(link.className).toContain('link-pulse');
    act(() => vi.advanceTimersByTime(JOB_LINK_PULSE_MS - 1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join Our Team');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Backend Engineer (Go)');
  });

  it('opens a job at once, without a pulse, when the visitor wants less motion', () => {
    setViewport(1280, { reducedMotion: true });
    renderApp('/career', { api: { '/api/jobs': { data: jobs }, '/api/jobs/go-eng': { data: jobs[0] } } });
    const link = screen.getByRole('link', { name: 'View Details for Backend Engineer (Go)' });
    fireEvent.click(link);
    expect(link.className).not.toContain('link-pulse');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Backend Engineer (Go)');
  });

  it('copies the job link and confirms with a toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/career', { api: { '/api/jobs': { data: jobs } } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link to QA Engineer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/job/qa`);
  });

  it('shows an error toast when the clipboard is unavailable', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderApp('/career', { api: { '/api/jobs': { data: jobs } } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link to QA Engineer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not copy the link'));
  });
});
