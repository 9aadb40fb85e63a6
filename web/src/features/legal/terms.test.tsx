import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import site from '../../../../content/site.json';
import terms from '../../../../content/terms.json';
import { ClockProvider } from '../../lib/clock';
import { renderApp } from '../../test/render-app';
import { TermsLastUpdated } from './terms-last-updated';

const titles = [
  'Welcome',
  'Accepting These Terms',
  'Changes to the Terms',
  'Privacy and Data Protection',
  'Refund Policy',
  'User Rights and Responsibilities',
  'Intellectual Property',
  'User Conduct',
  'Limitation of Liability',
  'Governing Law',
  'Contact Us',
];

/** The accordion's buttons (plain DOM queries: role queries over the whole app are slow in jsdom). */
const buttons = () => Array.from(document.querySelectorAll<HTMLButtonElement>('main button[aria-controls^="terms-"]'));
const panelOf = (b: HTMLButtonElement) => document.getElementById(b.getAttribute('aria-controls')!)!;
const expanded = () => buttons().filter((b) => b.getAttribute('aria-expanded') === 'true').map((b) => b.textContent);

describe('Terms page (/terms)', () => {
  it('lists the eleven sections in order, all closed, their text in the document', () => {
    renderApp('/terms');
    expect(document.querySelector('h1')!.textContent).toBe('Terms of Service');
    expect(buttons().map((b) => b.textContent)).toEqual(titles.map((t, i) => `${i + 1}.${t}`));
    expect(expanded()).toEqual([]);
    for (const b of buttons()) expect(panelOf(b).getAttribute('hidden')).toBe('until-found');
  });

  it('opens one section at a time; clicking the open one closes it', () => {
    renderApp('/terms');
    const [welcome, accepting] = buttons();
    if (!welcome || !accepting) throw new Error('no sections');
    fireEvent.click(welcome);
    expect(expanded()).toEqual(['1.Welcome']);
    expect(panelOf(welcome).hasAttribute('hidden')).toBe(false);
    fireEvent.click(accepting);
    expect(expanded()).toEqual(['2.Accepting These Terms']);
    expect(panelOf(welcome).getAttribute('hidden')).toBe('until-found');
    fireEvent.click(accepting);
    expect(expanded()).toEqual([]);
  });

  it('states the refund policy, the minimum age of 13 and Indian law', () => {
    renderApp('/terms');
    const text = (title: string) => panelOf(buttons()[titles.indexOf(title)]!).textContent;
    const refund = text('Refund Policy');
    for (const phrase of ['No refunds', 'All sales are final', 'No partial refunds', 'Digital goods', 'not refundable after delivery', 'support team']) {
      expect(refund).toContain(phrase);
    }
    expect(panelOf(buttons()[4]!).querySelector('a')!.getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
    const rights = text('User Rights and Responsibilities');
    for (const phrase of ['at least 13 years old', 'legal capacity', 'accurate', 'confidential']) expect(rights).toContain(phrase);
    expect(text('Governing Law')).toContain('laws of India');
    expect(text('Governing Law')).toContain('courts of Hyderabad, Telangana');
  });

  it('ends with the date the terms last changed', () => {
    renderApp('/terms');
    const time = screen.getByText(/^Last updated:/);
    expect(time.textContent).toBe('Last updated: November 1, 2026');
    expect(site.termsLastUpdated).toBe('2026-11-01');
    expect(time.getAttribute('datetime')).toBe('2026-11-01');
  });
});

describe('TermsLastUpdated', () => {
  it("falls back to today's date (the server clock) only when the content gives none", () => {
    render(
      <ClockProvider now={new Date('2026-11-21T10:00:00Z')}>
        <TermsLastUpdated lastUpdated="" />
      </ClockProvider>,
    );
    expect(screen.getByText(/^Last updated:/).textContent).toBe('Last updated: November 21, 2026');
    expect(terms.lastUpdated).toBe('Last updated: {date}');
  });
});
