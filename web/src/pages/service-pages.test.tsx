import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOUD_CAROUSEL_INTERVAL_MS,
  CLOUD_CAROUSEL_STEP,
  CLOUD_PRICES,
  CONSULTING_CAROUSEL_INTERVAL_MS,
  CONSULTING_PRICES,
  CUSTOM_SOFTWARE_PRICES,
} from '../features/services/constants';
import { setViewport } from '../test/dom-stubs';
import { renderApp } from '../test/render-app';

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const section = (name: string) => screen.getByRole('region', { name });
const headings3 = (el: HTMLElement) => within(el).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const prices = (plans: string) =>
  within(section(plans))
    .getAllByRole('article')
    .map((a) => /₹[\d,]+/.exec(a.textContent ?? '')?.[0]);
const shownSlides = (carousel: string) =>
  within(screen.getByRole('group', { name: carousel }))
    .getAllByRole('group')
    .filter((g) => g.getAttribute('aria-roledescription') === 'slide' && !g.hasAttribute('inert'))
    .map((g) => within(g).getByRole('heading').textContent);

function expectGetStarted() {
  const link = screen.getByRole('link', { name: 'Get Started' });
  expect(link.getAttribute('href')).toBe('/contact-us');
}

// Whole-app renders: slow on a busy machine, so a longer limit than the default 5 s.
describe('service pages', { timeout: 20_000 }, () => {
  beforeEach(() => setViewport(1280));
  afterEach(() => vi.useRealTimers());

  it('spec constants', () => {
    expect(CLOUD_CAROUSEL_INTERVAL_MS).toBe(4000);
    expect(CLOUD_CAROUSEL_STEP).toBe(3);
    expect(CONSULTING_CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(CUSTOM_SOFTWARE_PRICES).toEqual({ basic: 20000, standard: 30000, premium: 40000 });
    expect(CLOUD_PRICES).toEqual({ cloud: 25000, hybrid: 35000, enterprise: 45000 });
    expect(CONSULTING_PRICES).toEqual({ basic: 20000, standard: 30000, premium: 50000 });
  });

  it('/service1: benefits, process, 22 technologies, plans and call to action', () => {
    renderApp('/service1');
    expect(h1()).toBe('Custom Software Development');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(headings3(section('Why build custom software'))).toEqual([
      'Tailored Fit',
      'Scalability',
      'Integration',
      'Competitive Edge',
    ]);
    const steps = within(section('Our Process')).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(headings3(steps)).toEqual([
      'Consultation and Analysis',
      'Planning and Design',
      'Development and Testing',
      'Deployment and Training',
      'Maintenance and Support',
    ]);
    const chips = within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual([
      'HTML5', 'CSS3', 'JavaScript', 'React', 'Angular', 'Vue.js', 'Node.js', 'Python', 'Ruby on Rails', 'PHP', 'Java',
      'Swift', 'Kotlin', 'React Native', 'Flutter', 'MySQL', 'PostgreSQL', 'MongoDB', 'Firebase', 'AWS', 'Azure', 'Google Cloud',
    ]);
    expect(headings3(section('Plans and Pricing'))).toEqual(['Basic', 'Standard', 'Premium']);
    expect(prices('Plans and Pricing')).toEqual(['₹20,000', '₹30,000', '₹40,000']);
    expectGetStarted();
  });

  it('/service2: seven cloud groups, six benefits, plans, five reasons', () => {
    renderApp('/service2');
    expect(h1()).toBe('Cloud Software Development');
    const carousel = screen.getByRole('group', { name: 'Cloud services' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(carousel).getAllByRole('heading', { level: 3, hidden: true })).toHaveLength(7);
    expect(shownSlides('Cloud services')).toEqual([
      'Infrastructure as a Service',
      'Platform as a Service',
      'Software as a Service',
    ]);
    expect(within(section('Benefits of Moving to the Cloud')).getAllByRole('listitem')).toHaveLength(6);
    expect(headings3(section('Cloud Plans'))).toEqual(['Cloud', 'Hybrid', 'Enterprise']);
    expect(prices('Cloud Plans')).toEqual(['₹25,000', '₹35,000', '₹45,000']);
    expect(headings3(section('Why Choose Us'))).toHaveLength(5);
    expectGetStarted();
  });

  it('/service2: the carousel moves on by three every 4000 ms', () => {
    vi.useFakeTimers();
    renderApp('/service2');
    act(() => vi.advanceTimersByTime(CLOUD_CAROUSEL_INTERVAL_MS - 1));
    expect(shownSlides('Cloud services')[0]).toBe('Infrastructure as a Service');
    act(() => vi.advanceTimersByTime(1));
    expect(shownSlides('Cloud services')).toEqual(['Cloud Migration', 'Cloud Security', 'Serverless and Containers']);
  });

  it('/service3: seven services one at a time, plans with sessions and 24/7 support, three reasons', () => {
    vi.useFakeTimers();
    renderApp('/service3');
    expect(h1()).toBe('IT Consulting Services');
    const names = [
      'Strategic IT Planning',
      'Infrastructure Design',
      'Project Management',
      'Technology Selection',
      'Cybersecurity',
      'Cloud Solutions',
      'IT Support',
    ];
    const carousel = screen.getByRole('group', { name: 'Consulting services' });
    expect(within(carousel).getAllByRole('heading', { level: 3, hidden: true }).map((h) => h.textContent)).toEqual(names);
    for (const name of names) {
      expect(shownSlides('Consulting services')).toEqual([name]);
      act(() => vi.advanceTimersByTime(CONSULTING_CAROUSEL_INTERVAL_MS));
    }
    expect(shownSlides('Consulting services')).toEqual([names[0]]);
    expect(within(carousel).getAllByRole('button', { name: /^Show / }).map((b) => b.getAttribute('aria-label'))).toEqual(
      names.map((n) => `Show ${n}`),
    );

    expect(headings3(section('Consulting Plans'))).toEqual(['Basic', 'Standard', 'Premium']);
    expect(prices('Consulting Plans')).toEqual(['₹20,000', '₹30,000', '₹50,000']);
    const plans = section('Consulting Plans').textContent ?? '';
    expect(plans).toMatch(/each month/);
    expect(plans).toMatch(/Bi-weekly/);
    expect(plans).toMatch(/Monthly in-depth/);
    expect(plans).toMatch(/24\/7/);
    expect(headings3(section('Why Choose Us'))).toHaveLength(3);
    expectGetStarted();
  });
});
