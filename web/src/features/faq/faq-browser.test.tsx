import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import faq from '../../../../content/faq.json';
import site from '../../../../content/site.json';
import { renderApp } from '../../test/render-app';
import { FAQ_REVEAL_STEP_MS } from './constants';

// Plain DOM queries where they say the same: role queries over the whole app are slow in jsdom.
const search = () => screen.getByLabelText<HTMLInputElement>('Search FAQs');
const status = () => search().closest('[role="search"]')!.querySelector('[role="status"]')!;
const type = (text: string) => fireEvent.input(search(), { target: { value: text } });
const list = () => document.getElementById('faq-list-title')!.parentElement!;
const items = () => within(list()).queryAllByRole('listitem');

describe('FAQ page (/more)', () => {
  it('shows the banner, the e-mail note and all 13 questions with their answers in the document', () => {
    renderApp('/more');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')!.textContent).toBe('Frequently Asked Questions');
    expect(search().type).toBe('search');
    expect(list().querySelector('h2')!.textContent).toBe(faq.listHeading);
    const note = screen.getByText(/find the answer/).closest('p')!;
    expect(within(note).getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
    // Answers are in the document (collapsed), each controlled by its question's button.
    const shown = items().map((li) => {
      const button = li.querySelector('button')!;
      return { question: button.textContent, answer: document.getElementById(button.getAttribute('aria-controls')!)!.textContent };
    });
    expect(shown).toEqual(faq.items);
    expect(status().textContent).toBe('Showing all 13 questions.');
  });

  it('filters as the visitor types, on question or answer, ignoring case', () => {
    renderApp('/more');
    type('HOW MUCH');
    expect(items()).toHaveLength(1);
    expect(list().querySelector('button')!.textContent).toBe('How much does a project cost?');
    expect(status().textContent).toBe('1 question matches your search.');

    type('penetration'); // only in the security answer
    expect(items().map((li) => li.querySelector('button')!.textContent)).toEqual(['How do you keep our data and applications secure?']);

    type('sprint');
    expect(items().length).toBeGreaterThan(1);
    expect(status().textContent).toBe(`${items().length} questions match your search.`);
  });

  it('says so, with the e-mail link, when nothing matches; clearing brings all 13 back', () => {
    renderApp('/more');
    type('blockchain');
    expect(items()).toHaveLength(0);
    expect(screen.getByText('Nothing matches “blockchain”')).toBeTruthy();
    const links = within(list()).getAllByRole('link', { name: site.email });
    expect(links[0]!.getAttribute('href')).toBe(`mailto:${site.email}`);
    expect(status().textContent).toBe('No questions match your search.');
    type('');
    expect(items()).toHaveLength(13);
  });

  it('expands and collapses an item on click; several may be open', () => {
    renderApp('/more');
    const [first, second] = [faq.items[0]!, faq.items[1]!];
    const [b1, b2] = list().querySelectorAll('button');
    if (!b1 || !b2) throw new Error('no questions');
    expect([b1.textContent, b2.textContent]).toEqual([first.question, second.question]);
    const panel1 = document.getElementById(b1.getAttribute('aria-controls')!)!;
    expect(panel1.textContent).toBe(first.answer);
    expect(b1.getAttribute('aria-expanded')).toBe('false');
    expect(panel1.getAttribute('hidden')).toBe('until-found');

    fireEvent.click(b1);
    fireEvent.click(b2);
    expect(b1.getAttribute('aria-expanded')).toBe('true');
    expect(b2.getAttribute('aria-expanded')).toBe('true');
    expect(panel1.hasAttribute('hidden')).toBe(false);

    fireEvent.click(b1);
    expect(b1.getAttribute('aria-expanded')).toBe('false');
    expect(panel1.getAttribute('hidden')).toBe('until-found');
    expect(b2.getAttribute('aria-expanded')).toBe('true');
  });

  it('staggers the entrance by 0.1 s per position in the list shown', () => {
    expect(FAQ_REVEAL_STEP_MS).toBe(100);
    renderApp('/more');
    expect(items().slice(0, 3).map((li) => li.style.getPropertyValue('--stagger-delay'))).toEqual(['0ms', '100ms', '200ms']);
    type('sprint');
    expect(items()[0]!.style.getPropertyValue('--stagger-delay')).toBe('0ms');
  });
});
