import { describe, expect, it } from 'vitest';
import { isKeyCompleted } from './draft-store';
import { emptyFiles, emptyValues, outgoing, type ApplyValues } from './form-state';
import { SubmissionKey } from './use-submission-key';

const request = (over: Partial<ApplyValues> = {}) =>
  outgoing({ ...emptyValues('Hyderabad'), firstName: 'Asha', nationalIdNumber: 'ABCDE1234F', ...over }, emptyFiles(), { homepage: '', elapsedMs: 1 }).request;

describe('SubmissionKey', () => {
  it('makes one key when first asked and keeps it', () => {
    const k = new SubmissionKey();
    const key = k.current();
    expect(key).toMatch(/\S/);
    expect(k.current()).toBe(key);
    expect(k.sentFingerprint()).toBeNull();
  });

  it('keeps the key for an unchanged retry and renews it for changed content', async () => {
    const k = new SubmissionKey();
    const first = await k.keyFor(request(), emptyFiles());
    expect(k.sentFingerprint()).toMatch(/\S/);
    expect(await k.keyFor(request(), emptyFiles())).toBe(first);
    const edited = await k.keyFor(request({ lastName: 'Rao' }), emptyFiles());
    expect(edited).not.toBe(first);
    // The edit is what was last sent with the new key: sending it again keeps that.
    expect(await k.keyFor(request({ lastName: 'Rao' }), emptyFiles())).toBe(edited);
  });

  it('renews the key when only the national ID changed on this page', async () => {
    const k = new SubmissionKey();
    const first = await k.keyFor(request(), emptyFiles());
    expect(await k.keyFor(request({ nationalIdNumber: 'ZZZZZ9999Z' }), emptyFiles())).not.toBe(first);
  });

  it('after a restored draft, which knows only the content without the ID, keeps the key when only the ID differs', async () => {
    const before = new SubmissionKey();
    const key = await before.keyFor(request(), emptyFiles());
    const restored = new SubmissionKey();
    restored.restore(key, before.sentFingerprint());
    expect(restored.current()).toBe(key);
    expect(restored.sentFingerprint()).toBe(before.sentFingerprint());
    expect(await restored.keyFor(request({ nationalIdNumber: 'ZZZZZ9999Z' }), emptyFiles())).toBe(key);

    const again = new SubmissionKey();
    again.restore(key, before.sentFingerprint());
    expect(await again.keyFor(request({ lastName: 'Rao' }), emptyFiles())).not.toBe(key);
  });

  it('keeps a restored key that nothing was sent with for the first sending', async () => {
    const k = new SubmissionKey();
    k.restore('draft-key', null);
    expect(k.sentFingerprint()).toBeNull();
    expect(await k.keyFor(request(), emptyFiles())).toBe('draft-key');
  });

  it('starts afresh when renewed', async () => {
    const k = new SubmissionKey();
    const first = await k.keyFor(request(), emptyFiles());
    k.renew();
    expect(k.current()).not.toBe(first);
    expect(k.sentFingerprint()).toBeNull();
  });

  it('marks a stored application’s key completed and moves on to a new one', async () => {
    const k = new SubmissionKey();
    const used = await k.keyFor(request(), emptyFiles());
    expect(isKeyCompleted(used)).toBe(false);
    k.completed(used);
    expect(isKeyCompleted(used)).toBe(true);
    expect(k.current()).not.toBe(used);
    expect(k.sentFingerprint()).toBeNull();
  });
});
