import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serviceLinks } from '../components/layout/nav-data';
import { renderApp } from '../test/render-app';

describe('Services page', () => {
  it('is titled Our Services and shows the illustration with a name', () => {
    renderApp('/services');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Our Services']);
    expect(screen.getByRole('img', { name: /^Illustration:/ })).toBeTruthy();
  });

  it('has three service cards whose Learn More links name their service', () => {
    renderApp('/services');
    const links = screen.getAllByRole('link', { name: /^Learn More/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Learn More about Custom Software Development', '/service1'],
      ['Learn More about Cloud Computing Solutions', '/service2'],
      ['Learn More about IT Consulting Services', '/service3'],
    ]);
    // The visible text stays "Learn More"; the rest is for screen readers.
    expect(links[0]!.querySelector('.sr-only')?.textContent).toBe(' about Custom Software Development');
  });

  it('uses the same names and routes as the header for the services', () => {
    renderApp('/services');
    const region = screen.getByRole('region', { name: 'Three practices, one partner' });
    const titles = within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(serviceLinks.map((s) => s.label));
  });

  it('lets the cards enter 200 ms apart by index', () => {
    renderApp('/services');
    const region = screen.getByRole('region', { name: 'Three practices, one partner' });
    const list = within(region).getByRole('list');
    expect(list.dataset.revealStagger).toBe('200');
    expect(within(list).getAllByRole('listitem').map((li) => li.dataset.reveal)).toEqual(['fade-in-up', 'fade-in-up', 'fade-in-up']);
  });
});
