// @vitest-environment node
// Node's own Blob and File: jsdom's cannot pass through structuredClone,
// which fake-indexeddb uses as a browser's IndexedDB does.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDBDraftStore, type Draft } from './draft-store';
import { emptyValues, emptyFiles } from './form-state';

function draft(over: Partial<Draft> = {}): Draft {
  return { values: { ...emptyValues('Hyderabad'), firstName: 'Asha' }, files: emptyFiles(), idempotencyKey: 'k'.repeat(32), startedAt: 1_700_000_000_000, ...over };
}

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'cv.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_000 });

describe('draft store', () => {
  it('has no draft for a job never saved', async () => {
    expect(await indexedDBDraftStore(new IDBFactory()).load('job1')).toBeNull();
  });

  it('gives back the values, the key and every file with its name, type, date and bytes', async () => {
    const store = indexedDBDraftStore(new IDBFactory());
    const id = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png', lastModified: 5 });
    await store.save('job1', draft({ files: { resume: pdf(), nationalIdDocument: id, certifications: [null, pdf()] } }));

    const got = await store.load('job1');
    expect(got?.values.firstName).toBe('Asha');
    expect(got?.idempotencyKey).toBe('k'.repeat(32));
    expect(got?.startedAt).toBe(1_700_000_000_000);
    const { resume, nationalIdDocument, certifications } = got!.files;
    expect([resume?.name, resume?.type, resume?.lastModified]).toEqual(['cv.pdf', 'application/pdf', 1_700_000_000_000]);
    expect(await resume?.text()).toBe('%PDF-1.4\n%%EOF\n');
    expect(nationalIdDocument?.name).toBe('id.png');
    expect([...new Uint8Array(await nationalIdDocument!.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(certifications.map((f) => f?.name ?? null)).toEqual([null, 'cv.pdf']);
  });

  it('keeps one draft per job, and a later save replaces it', async () => {
    const store = indexedDBDraftStore(new IDBFactory());
    await store.save('job1', draft());
    await store.save('job2', draft({ values: { ...emptyValues('Bangalore'), firstName: 'Ravi' } }));
    await store.save('job1', draft({ values: { ...emptyValues('Hyderabad'), firstName: 'Meera' } }));
    expect((await store.load('job1'))?.values.firstName).toBe('Meera');
    expect((await store.load('job2'))?.values.firstName).toBe('Ravi');
  });

  it('forgets a cleared draft and no other', async () => {
    const store = indexedDBDraftStore(new IDBFactory());
    await store.save('job1', draft());
    await store.save('job2', draft());
    await store.clear('job1');
    expect(await store.load('job1')).toBeNull();
    expect(await store.load('job2')).not.toBeNull();
  });

  it('survives a new connection to the same database (a reload)', async () => {
    const factory = new IDBFactory();
    await indexedDBDraftStore(factory).save('job1', draft({ files: { ...emptyFiles(), resume: pdf() } }));
    const again = await indexedDBDraftStore(factory).load('job1');
    expect(again?.files.resume?.name).toBe('cv.pdf');
  });
});
