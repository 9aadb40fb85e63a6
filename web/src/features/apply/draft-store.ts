// Application drafts on this device: what the visitor typed and the files
// they chose, kept in IndexedDB per job, so a reload or a closed tab loses
// nothing. Nothing here goes to the server.
import type { ApplicationFiles } from './rules';
import type { ApplyValues } from './form-state';

const DB_NAME = 'application-drafts';
const DB_VERSION = 1;
const STORE = 'drafts';

/** A file as IndexedDB keeps it: a Blob and what a File adds (some engines lose a File's name in a clone). */
interface StoredFile {
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

interface StoredDraft {
  jobId: string;
  values: ApplyValues;
  resume: StoredFile | null;
  nationalIdDocument: StoredFile | null;
  certifications: (StoredFile | null)[];
  idempotencyKey: string;
  /** When the visitor started this application (Date.now()); absent in drafts saved before it was kept. */
  startedAt?: number;
  savedAt: number;
}

/** One job's draft as the form uses it. */
export interface Draft {
  values: ApplyValues;
  files: ApplicationFiles;
  /** The key of this draft's submission, kept until it succeeds so a retry stores nothing twice. */
  idempotencyKey: string;
  /**
   * When the visitor first started this application (wall clock, Date.now()),
   * so the time spent on it survives a reload: the server takes a fast fill
   * for a robot's.
   */
  startedAt: number;
}

/** Where drafts live; the browser's IndexedDB unless a test gives another. */
export interface DraftStore {
  load(jobId: string): Promise<Draft | null>;
  save(jobId: string, draft: Draft): Promise<void>;
  clear(jobId: string): Promise<void>;
}

function toStored(f: File | null): StoredFile | null {
  return f ? { blob: f.slice(0, f.size, f.type), name: f.name, type: f.type, lastModified: f.lastModified } : null;
}

function fromStored(s: StoredFile | null | undefined): File | null {
  return s ? new File([s.blob], s.name, { type: s.type, lastModified: s.lastModified }) : null;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onabort = tx.onerror = () => fail(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Drafts in IndexedDB (factory: the one the browser has, or a test's). */
export function indexedDBDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!db) {
      const req = factory.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'jobId' });
      };
      db = request(req).catch((err: unknown) => {
        db = null; // let a later call try again
        throw err;
      });
    }
    return db;
  };
  return {
    async load(jobId) {
      const tx = (await open()).transaction(STORE, 'readonly');
      const s = (await request(tx.objectStore(STORE).get(jobId))) as StoredDraft | undefined;
      if (!s || !s.values || typeof s.idempotencyKey !== 'string') return null;
      return {
        values: s.values,
        files: {
          resume: fromStored(s.resume),
          nationalIdDocument: fromStored(s.nationalIdDocument),
          certifications: (s.certifications ?? []).map(fromStored),
        },
        idempotencyKey: s.idempotencyKey,
        // An older draft without it was started no later than it was saved.
        startedAt: Number.isFinite(s.startedAt) ? s.startedAt! : s.savedAt,
      };
    },
    async save(jobId, { values, files, idempotencyKey, startedAt }) {
      const stored: StoredDraft = {
        jobId,
        values,
        resume: toStored(files.resume),
        nationalIdDocument: toStored(files.nationalIdDocument),
        certifications: files.certifications.map(toStored),
        idempotencyKey,
        startedAt,
        savedAt: Date.now(),
      };
      const tx = (await open()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(stored);
      await done(tx);
    },
    async clear(jobId) {
      const tx = (await open()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(jobId);
      await done(tx);
    },
  };
}

let shared: DraftStore | null | undefined;

/** The browser's draft store, or null where there is no IndexedDB (some private modes, the server). */
export function browserDraftStore(): DraftStore | null {
  if (shared === undefined) shared = typeof indexedDB === 'undefined' ? null : indexedDBDraftStore(indexedDB);
  return shared;
}
