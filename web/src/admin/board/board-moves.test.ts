import { describe, expect, it } from 'vitest';
import type { BoardCard, JobBoard } from '../../gen/wire';
import { columnHeading, failedText, findCard, moveCard, movedText, moveRefusal, neighbour, targetsOf } from './board-moves';

const card = (id: string, withdrawn = false): BoardCard => ({
  id,
  reference: `APP-${id.toUpperCase()}`,
  fullName: `Name ${id}`,
  appliedAt: '2026-11-20T10:00:00Z',
  withdrawnAt: withdrawn ? '2026-11-21T10:00:00Z' : null,
});

const stages = ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'];

function board(cards: Record<string, BoardCard[]>, counts: Record<string, number> = {}): JobBoard {
  return {
    jobId: 'job1',
    jobTitle: 'Platform Engineer',
    cap: 200,
    sources: [],
    columns: stages.map((s) => ({ status: s, cards: cards[s] ?? [], count: counts[s] ?? (cards[s] ?? []).length, more: 0 })),
  };
}

describe('moveCard', () => {
  it('takes the card to the top of its new column and moves the counts', () => {
    const b = board({ new: [card('a'), card('b')], interview: [card('c')] });
    const after = moveCard(b, 'b', 'interview');
    expect(after.columns.map((c) => [c.status, c.count, c.cards.map((x) => x.id).join()])).toEqual([
      ['new', 1, 'a'],
      ['reviewing', 0, ''],
      ['interview', 2, 'b,c'],
      ['offer', 0, ''],
      ['hired', 0, ''],
      ['rejected', 0, ''],
    ]);
    expect(findCard(after, 'b')?.status).toBe('interview');
    // The board it came from is untouched (a failed move goes back to it).
    expect(findCard(b, 'b')?.status).toBe('new');
    expect(b.columns[0]!.count).toBe(2);
  });

  it('counts a column past its cap by its count, not its cards', () => {
    const b = board({ new: [card('a')], offer: [card('o')] }, { new: 250, offer: 201 });
    const after = moveCard(b, 'a', 'offer');
    expect(after.columns.find((c) => c.status === 'new')!.count).toBe(249);
    expect(after.columns.find((c) => c.status === 'offer')!.count).toBe(202);
  });

  it('refuses a withdrawn card, the same column, an unknown stage and a missing card, changing nothing', () => {
    const b = board({ new: [card('a')], reviewing: [card('w', true)] });
    for (const [id, to, why] of [
      ['w', 'offer', 'APP-W was withdrawn by the applicant and cannot be moved.'],
      ['a', 'new', 'APP-A is already in New.'],
      ['a', 'archived', 'There is no stage “archived”.'],
      ['zz', 'offer', 'That application is no longer on this board. Reload the page.'],
    ] as const) {
      expect(moveRefusal(b, id, to)).toBe(why);
      expect(moveCard(b, id, to)).toBe(b);
    }
    expect(moveRefusal(b, 'a', 'hired')).toBe('');
  });
});

describe('the words and the keyboard path', () => {
  it('writes headings, announcements and failures', () => {
    expect(columnHeading('interview', 3)).toBe('Interview (3)');
    expect(movedText('APP-ABC', 'interview')).toBe('Moved APP-ABC to Interview.');
    expect(failedText('APP-ABC', 'offer', 'Application not found.')).toBe(
      'Could not move APP-ABC to Offer: Application not found. It is back where it was.',
    );
  });

  it('offers every other stage in pipeline order, and neighbours for the arrow keys', () => {
    const b = board({});
    expect(targetsOf(b, 'interview')).toEqual(['new', 'reviewing', 'offer', 'hired', 'rejected']);
    expect(neighbour(b, 'new', -1)).toBeNull();
    expect(neighbour(b, 'new', 1)).toBe('reviewing');
    expect(neighbour(b, 'hired', 1)).toBe('rejected');
    expect(neighbour(b, 'rejected', 1)).toBeNull();
    expect(neighbour(b, 'nope', 1)).toBeNull();
  });
});
