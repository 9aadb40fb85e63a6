import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft, DraftStore } from './draft-store';
import { markKeyCompleted } from './draft-store';
import { emptyFiles, emptyValues, type ApplyValues } from './form-state';
import type { ApplicationFiles } from './rules';
import { DRAFT_SAVE_DELAY_MS, useApplicationDraft } from './use-application-draft';
import { SubmissionKey } from './use-submission-key';

// jsdom has no IndexedDB: each test puts an in-memory store here.
const drafts = vi.hoisted(() => ({ store: null as DraftStore | null }));
vi.mock('./draft-store', async (original) => ({
  ...(await original<typeof import('./draft-store')>()),
  browserDraftStore: () => drafts.store,
}));

/** Drafts in memory; load waits until the test lets it answer. */
function memoryStore(initial: Draft | null) {
  let saved: Draft | null = initial;
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const store = {
    saves: [] as Draft[],
    cleared: 0,
    get saved() {
      return saved;
    },
    load: vi.fn(async () => {
      await answered;
      return saved;
    }),
    save: vi.fn(async (_jobId: string, d: Draft) => {
      saved = d;
      store.saves.push(d);
    }),
    clear: vi.fn(async () => {
      saved = null;
      store.cleared++;
    }),
    /** Lets load answer, and waits until the hook has taken the answer. */
    answer: () => act(async () => answer()),
  };
  drafts.store = store;
  return store;
}

const values = (over: Partial<ApplyValues> = {}): ApplyValues => ({ ...emptyValues('Hyderabad'), ...over });

const draftOf = (over: Partial<Draft> = {}): Draft => ({
  values: values({ firstName: 'Asha' }),
  files: emptyFiles(),
  idempotencyKey: 'draft-key',
  sentFingerprint: null,
  startedAt: Date.now() - 60_000,
  ...over,
});

interface Props {
  values: ApplyValues;
  files: ApplicationFiles;
}

function setup() {
  const submissionKey = new SubmissionKey();
  const onRestore = vi.fn();
  const hook = renderHook((p: Props) => useApplicationDraft({ jobId: 'cloud', ...p, submissionKey, onRestore }), {
    initialProps: { values: values(), files: emptyFiles() },
  });
  /** The visitor changes a field: the form marks the change and renders with it. */
  const type = (firstName: string) => {
    act(() => hook.result.current.changed());
    hook.rerender({ values: values({ firstName }), files: emptyFiles() });
  };
  return { ...hook, submissionKey, onRestore, type };
}

describe('useApplicationDraft', () => {
  beforeEach(() => {
    drafts.store = null;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('restores a draft found before the visitor changed anything, with its key and its start', async () => {
    const store = memoryStore(draftOf());
    const { result, onRestore, submissionKey } = setup();
    await store.answer();
    expect(store.load).toHaveBeenCalledWith('cloud');
    expect(onRestore).toHaveBeenCalledWith(store.saved);
    expect(result.current.restored).toBe(true);
    expect(result.current.offered).toBeNull();
    expect(submissionKey.current()).toBe('draft-key');
    // The application was started with the draft, a minute ago, not when this page was shown.
    expect(result.current.elapsedMs()).toBeGreaterThanOrEqual(60_000);
    expect(store.saves).toHaveLength(0);
  });

  it('keeps this page’s start when the draft’s is later', async () => {
    const store = memoryStore(draftOf({ startedAt: Date.now() + 60_000 }));
    const { result } = setup();
    await store.answer();
    expect(result.current.restored).toBe(true);
    expect(result.current.elapsedMs()).toBeLessThan(60_000);
  });

  it('offers a draft found after the visitor typed, and puts it in only when asked', async () => {
    const found = draftOf();
    const store = memoryStore(found);
    const { result, onRestore, submissionKey, type } = setup();
    type('Ravi');
    await store.answer();
    expect(onRestore).not.toHaveBeenCalled();
    expect(result.current.offered).toEqual(found);
    expect(result.current.restored).toBe(false);
    // What was typed while the draft was looked for is saved at once, with a key of its own.
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.values.firstName).toBe('Ravi');
    expect(store.saves[0]!.idempotencyKey).not.toBe('draft-key');

    act(() => result.current.acceptOffer());
    expect(onRestore).toHaveBeenCalledWith(found);
    expect(result.current.offered).toBeNull();
    expect(result.current.restored).toBe(true);
    expect(submissionKey.current()).toBe('draft-key');
  });

  it('drops the offer when the visitor keeps what they typed', async () => {
    const store = memoryStore(draftOf());
    const { result, onRestore, type } = setup();
    type('Ravi');
    await store.answer();
    act(() => result.current.declineOffer());
    expect(result.current.offered).toBeNull();
    expect(onRestore).not.toHaveBeenCalled();
  });

  it('clears a draft whose application was stored, restoring nothing', async () => {
    markKeyCompleted('stored-key');
    const store = memoryStore(draftOf({ idempotencyKey: 'stored-key' }));
    const { result, onRestore } = setup();
    await store.answer();
    expect(onRestore).not.toHaveBeenCalled();
    expect(result.current.restored).toBe(false);
    expect(store.clear).toHaveBeenCalledWith('cloud');
  });

  it(`saves ${DRAFT_SAVE_DELAY_MS} ms after the last change, and nothing before the visitor changed something`, async () => {
    const store = memoryStore(null);
    const { rerender, type, submissionKey } = setup();
    await store.answer();
    vi.useFakeTimers();
    rerender({ values: values({ lastName: 'Rao' }), files: emptyFiles() });
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2));
    expect(store.saves).toHaveLength(0);

    type('A');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 100));
    type('As');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1));
    expect(store.saves).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.values.firstName).toBe('As');
    expect(store.saves[0]!.idempotencyKey).toBe(submissionKey.current());
    expect(store.saves[0]!.startedAt).toBeLessThanOrEqual(Date.now());
  });

  it('writes a change not yet saved when the page is hidden, and when the form goes', async () => {
    const store = memoryStore(null);
    const { type, unmount } = setup();
    await store.answer();
    type('A');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(store.saves.map((d) => d.values.firstName)).toEqual(['A']);
    // Written already: hiding the page again writes nothing more.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(store.saves).toHaveLength(1);
    type('As');
    unmount();
    expect(store.saves.map((d) => d.values.firstName)).toEqual(['A', 'As']);
  });

  it('saves on request only once the draft has been looked for', async () => {
    const store = memoryStore(null);
    const { result } = setup();
    act(() => result.current.save());
    expect(store.saves).toHaveLength(0);
    await store.answer();
    act(() => result.current.save());
    expect(store.saves).toHaveLength(1);
  });

  it('starting over drops the draft and the clock, and saves nothing until the next change', async () => {
    const store = memoryStore(draftOf());
    const { result, rerender } = setup();
    await store.answer();
    expect(result.current.restored).toBe(true);
    await act(async () => result.current.startOver());
    expect(store.clear).toHaveBeenCalledWith('cloud');
    expect(result.current.restored).toBe(false);
    expect(result.current.elapsedMs()).toBeLessThan(60_000);
    rerender({ values: values(), files: emptyFiles() });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(store.saves).toHaveLength(0);
  });

  it('once the application is stored, clears the draft and writes it never again', async () => {
    const store = memoryStore(null);
    const { result, type, unmount } = setup();
    await store.answer();
    type('A');
    await act(() => result.current.submitted());
    expect(store.cleared).toBe(1);
    act(() => result.current.save());
    act(() => void window.dispatchEvent(new Event('pagehide')));
    unmount();
    expect(store.saves).toHaveLength(0);
  });
});
