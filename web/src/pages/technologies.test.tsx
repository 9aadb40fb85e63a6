import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('Technologies page', () => {
  it('shows six technology cards under the Technologies heading, entering 150 ms apart', () => {
    renderApp('/technologies');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The banner is a region named Technologies too; take the h2's section.
    const section = screen.getByRole('heading', { level: 2, name: 'Technologies' }).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Cyber Security',
      'Data Analytics',
      'Web Development',
      'Apps Development',
      'Cloud Computing',
      'SEO Optimization',
    ]);
    const list = within(section).getByRole('list');
    expect(list.dataset.revealStagger).toBe('150');
    for (const card of within(list).getAllByRole('listitem')) {
      expect(card.dataset.reveal).toBe('fade-in-up');
      expect(card.querySelector('svg')).not.toBeNull();
      expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(20);
    }
  });

  it('shows the Why Choose Us figures', () => {
    renderApp('/technologies');
    const why = screen.getByRole('region', { name: 'Why Choose Us' });
    const figures = [...why.querySelectorAll('dl > div')].map((d) => [
      d.querySelector('dd')?.textContent,
      d.querySelector('dt')?.textContent,
    ]);
    expect(figures).toEqual([
      ['20+', 'Years of experience'],
      ['500', 'Complete projects'],
      ['100+', 'Employees'],
      ['300+', 'Five-star ratings'],
    ]);
  });

  it('shows five partner logos as labelled slides sized 4/3/2/1 per view', () => {
    renderApp('/technologies');
    const carousel = screen.getByRole('group', { name: 'Technology partners' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    expect(slides.map((s) => s.textContent)).toEqual(['Tessellate', 'Orbitra', 'Quillstack', 'Brightloom', 'Cobaltix']);
    for (const cls of ['basis-full', 'min-[481px]:basis-1/2', 'min-[769px]:basis-1/3', 'min-[1025px]:basis-1/4']) {
      expect(slides[0]!.classList.contains(cls)).toBe(true);
    }
    expect(screen.getByRole('button', { name: 'Previous partner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next partner' })).toBeTruthy();
  });
});
