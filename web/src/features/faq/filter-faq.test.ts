import { describe, expect, it } from 'vitest';
import faq from '../../../../content/faq.json';
import { filterFaq } from './filter-faq';

const entries = [
  { question: 'What do you build?', answer: 'Web and mobile apps.' },
  { question: 'How much does it cost?', answer: 'Plans start at ₹20,000.' },
  { question: 'Do you offer support?', answer: 'Yes, with a warranty period.' },
];

describe('filterFaq', () => {
  it('returns every entry, with its index, for a blank query', () => {
    expect(filterFaq(entries, '').map((e) => e.index)).toEqual([0, 1, 2]);
    expect(filterFaq(entries, '   ').map((e) => e.index)).toEqual([0, 1, 2]);
  });

  it('matches the question or the answer, ignoring case and surrounding spaces', () => {
    expect(filterFaq(entries, 'HOW MUCH').map((e) => e.index)).toEqual([1]);
    expect(filterFaq(entries, '  Warranty ').map((e) => e.index)).toEqual([2]);
    expect(filterFaq(entries, 'o').map((e) => e.index)).toEqual([0, 1, 2]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterFaq(entries, 'blockchain')).toEqual([]);
  });
});

describe('content/faq.json', () => {
  it('has the 13 questions of the spec, on its topics in order, with plain-text answers', () => {
    const topics = [
      /services/i,
      /industries/i,
      /how long/i,
      /manage projects/i,
      /support after/i,
      /redesign/i,
      /technologies/i,
      /secure/i,
      /third-party/i,
      /cost/i,
      /train/i,
      /requirements change/i,
      /quality/i,
    ];
    expect(faq.items).toHaveLength(13);
    faq.items.forEach((item, i) => {
      expect(item.question).toMatch(topics[i]!);
      expect(item.answer.length).toBeGreaterThan(40);
      expect(item.answer).not.toMatch(/[<>]/);
    });
  });
});
