import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('About page', () => {
  it('has one h1 and the four About cards, the last leading to careers', () => {
    renderApp('/about');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['About Us']);
    const cards = screen.getByRole('region', { name: 'Who We Are' });
    expect(within(cards).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Our Mission',
      'Our Expertise',
      'Our Clients',
      'More',
    ]);
    expect(within(cards).getByRole('link', { name: /join our team/i }).getAttribute('href')).toBe('/career');
  });

  it('tells the history in 2018, 2020 and 2022, alternating sides and fading in from its side', () => {
    renderApp('/about');
    const history = screen.getByRole('region', { name: 'Our History' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((li) => li.querySelector('time')?.getAttribute('dateTime'))).toEqual(['2018', '2020', '2022']);
    expect(entries.map((li) => li.dataset.side)).toEqual(['left', 'right', 'left']);
    expect(entries.map((li) => li.dataset.reveal)).toEqual(['fade-in-left', 'fade-in-right', 'fade-in-left']);
    // The year is part of each entry's heading.
    expect(within(entries[1]!).getByRole('heading', { level: 3 }).textContent).toMatch(/^2020\S/);
  });

  it('ends with links to contact and careers', () => {
    renderApp('/about');
    const cta = screen.getByRole('region', { name: 'Have a project in mind?' });
    expect(within(cta).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    expect(within(cta).getByRole('link', { name: 'See careers' }).getAttribute('href')).toBe('/career');
  });
});
