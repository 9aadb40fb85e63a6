// @vitest-environment node
// Node's own Blob and File: jsdom's cannot pass through structuredClone,
// which fake-indexeddb uses as a browser's IndexedDB does.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, indexedDBDraftStore, type Draft } from './draft-store';
import { emptyValues, emptyFiles } from './form-state';

function draft(over: Partial<Draft> = {}): Draft {
  return { values: { ...emptyValues('Hyderabad'), firstName: 'Asha' }, files: emptyFiles(), idempotencyKey: 'k'.repeat(32), startedAt: 1_700_000_000_000, ...over };
}

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'cv.pdf', { type: 'application/pdf', lastModified: 1_700_000_000_000 });

describe('draft store', () => {
  it('has no draft for a job never saved', async () => {
    expect(await indexedDBDraftStore(new IDBFactory()).load('job1')).toBeNull();
  });

  it('gives back the values, the key and the files but the ID document, each with its name, type, date and bytes', async () => {
    const store = indexedDBDraftStore(new IDBFactory());
    const id = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png', lastModified: 5 });
    await store.save('job1', draft({ files: { resume: pdf(), nationalIdDocument: id, certifications: [null, pdf()] }, sentFingerprint: 'f'.repeat(64) }));

    const got = await store.load('job1');
    expect(got?.values.firstName).toBe('Asha');
    expect(got?.idempotencyKey).toBe('k'.repeat(32));
    expect(got?.startedAt).toBe(1_700_000_000_000);
    expect(got?.sentFingerprint).toBe('f'.repeat(64));
    const { resume, nationalIdDocument, certifications } = got!.files;
    expect([resume?.name, resume?.type, resume?.lastModified]).toEqual(['cv.pdf', 'application/pdf', 1_700_000_000_000]);
    expect(await resume?.text()).toBe('%PDF-1.4\n%%EOF\n');
    expect(nationalIdDocument).toBeNull();
    expect(certifications.map((f) => f?.name ?? null)).toEqual([null, 'cv.pdf']);
  });

  it('never writes the national ID number or the ID document to the device', async () => {
    const factory = new IDBFactory();
    const id = new File(['%PDF-1.4\n%%EOF\n'], 'pan.pdf', { type: 'application/pdf' });
    const values = { ...emptyValues('Hyderabad'), nationalIdType: 'PAN', nationalIdNumber: 'ABCDE1234F' };
    await indexedDBDraftStore(factory).save('job1', draft({ values, files: { ...emptyFiles(), nationalIdDocument: id } }));

    const raw = await rawDraft(factory, 'job1');
    expect(JSON.stringify(raw)).not.toContain('ABCDE1234F');
    expect(raw).not.toHaveProperty('nationalIdDocument');
    const got = await indexedDBDraftStore(factory).load('job1');
    expect(got?.values).toMatchObject({ nationalIdType: 'PAN', nationalIdNumber: '' });
    expect(got?.files.nationalIdDocument).toBeNull();
  });

  it('restores no ID from a draft saved before they were left out, and rewrites it without them', async () => {
    const factory = new IDBFactory();
    const id = new File(['%PDF-1.4\n%%EOF\n'], 'pan.pdf', { type: 'application/pdf' });
    await putRaw(factory, {
      jobId: 'job1',
      values: { ...emptyValues('Hyderabad'), firstName: 'Asha', nationalIdNumber: 'ABCDE1234F' },
      resume: null,
      nationalIdDocument: { blob: id, name: id.name, type: id.type, lastModified: 1 },
      certifications: [],
      idempotencyKey: 'k'.repeat(32),
      savedAt: Date.now(),
    });
    const got = await indexedDBDraftStore(factory).load('job1');
    expect(got?.values.firstName).toBe('Asha');
    expect(got?.values.nationalIdNumber).toBe('');
    expect(got?.files.nationalIdDocument).toBeNull();
    const raw = await rawDraft(factory, 'job1');
    expect(JSON.stringify(raw)).not.toContain('ABCDE1234F');
    expect(raw).not.toHaveProperty('nationalIdDocument');
  });

  it('deletes a draft last saved more than 7 days ago instead of restoring it', async () => {
    const factory = new IDBFactory();
    let now = 1_800_000_000_000;
    const store = indexedDBDraftStore(factory, () => now);
    await store.save('job1', draft());
    await store.save('job2', draft());
    now += DRAFT_MAX_AGE_MS;
    expect((await store.load('job1'))?.values.firstName).toBe('Asha'); // 7 days to the millisecond: still kept
    now += 1;
    expect(await store.load('job1')).toBeNull();
    expect(await rawDraft(factory, 'job1')).toBeUndefined();
    // Deleted, not just hidden: a clock turned back does not bring it back.
    now -= 2;
    expect(await store.load('job1')).toBeNull();
    expect(await store.load('job2')).not.toBeNull();
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

/** The record as IndexedDB holds it. */
function rawDraft(factory: IDBFactory, jobId: string): Promise<unknown> {
  return withStore(factory, 'readonly', (s) => s.get(jobId));
}

/** Writes a record as an older version of the form did. */
function putRaw(factory: IDBFactory, record: object): Promise<unknown> {
  return withStore(factory, 'readwrite', (s) => s.put(record));
}

async function withStore(factory: IDBFactory, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<unknown> {
  await indexedDBDraftStore(factory).load('none'); // creates the database
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const req = factory.open('application-drafts');
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  try {
    return await new Promise((ok, fail) => {
      const req = op(db.transaction('drafts', mode).objectStore('drafts'));
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
  } finally {
    db.close();
  }
}
