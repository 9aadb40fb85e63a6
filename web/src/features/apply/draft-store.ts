// Application drafts on this device: what the visitor typed and the files
// they chose, kept in IndexedDB per job, so a reload or a closed tab loses
// little. Nothing here goes to the server.
//
// The device may be shared: the national ID number and the ID document are
// never kept (the visitor enters them again), and a draft not saved for
// DRAFT_MAX_AGE_MS is deleted rather than restored.
import type { ApplicationFiles } from './rules';
import type { ApplyValues } from './form-state';

const DB_NAME = 'application-drafts';
const DB_VERSION = 1;
const STORE = 'drafts';

/** How long a draft is kept after its last save: 7 days. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A file as IndexedDB keeps it: a Blob and what a File adds (some engines lose a File's name in a clone). */
interface StoredFile {
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

interface StoredDraft {
  jobId: string;
  /** Without the national ID number (drafts saved before that rule may have one: it is dropped on load). */
  values: ApplyValues;
  resume: StoredFile | null;
  /** Never written now; drafts saved before may have one, which is not restored. */
  nationalIdDocument?: StoredFile | null;
  certifications: (StoredFile | null)[];
  idempotencyKey: string;
  sentFingerprint?: string | null;
  /** When the visitor started this application (Date.now()); absent in drafts saved before it was kept. */
  startedAt?: number;
  savedAt: number;
}

/** One job's draft as the form uses it. On load, values.nationalIdNumber is empty and files.nationalIdDocument null. */
export interface Draft {
  values: ApplyValues;
  files: ApplicationFiles;
  /** The key of this draft's submission, kept until it succeeds so a retry stores nothing twice. */
  idempotencyKey: string;
  /**
   * The fingerprint (submissionFingerprint) of what was last sent with
   * idempotencyKey, taken without the national ID number and document (the
   * draft keeps neither, and a hash of an ID number is easily reversed); null
   * when nothing was sent with it. Content that differs from it gets a new key.
   */
  sentFingerprint?: string | null;
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

/** Drafts in IndexedDB (factory: the one the browser has, or a test's; now: the clock, for tests). */
export function indexedDBDraftStore(factory: IDBFactory = indexedDB, now: () => number = Date.now): DraftStore {
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
  const clear = async (jobId: string) => {
    const tx = (await open()).transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(jobId);
    await done(tx);
  };
  return {
    async load(jobId) {
      const tx = (await open()).transaction(STORE, 'readonly');
      const s = (await request(tx.objectStore(STORE).get(jobId))) as StoredDraft | undefined;
      if (!s) return null;
      // Too old (or saved "in the future" by a wrong clock, or unreadable, or without savedAt): delete it,
      // for whoever uses this device next.
      if (!s.values || typeof s.idempotencyKey !== 'string' || !(Math.abs(now() - s.savedAt) <= DRAFT_MAX_AGE_MS)) {
        await clear(jobId);
        return null;
      }
      if (s.values.nationalIdNumber || s.nationalIdDocument) {
        // Saved before the ID was left out: rewritten without it (same savedAt, so it still expires).
        const scrubbed: StoredDraft = { ...s, values: { ...s.values, nationalIdNumber: '' } };
        delete scrubbed.nationalIdDocument;
        const wtx = (await open()).transaction(STORE, 'readwrite');
        wtx.objectStore(STORE).put(scrubbed);
        await done(wtx);
      }
      return {
        values: { ...s.values, nationalIdNumber: '' },
        files: {
          resume: fromStored(s.resume),
          nationalIdDocument: null,
          certifications: (s.certifications ?? []).map(fromStored),
        },
        idempotencyKey: s.idempotencyKey,
        sentFingerprint: typeof s.sentFingerprint === 'string' ? s.sentFingerprint : null,
        // An older draft without it was started no later than it was saved.
        startedAt: Number.isFinite(s.startedAt) ? s.startedAt! : s.savedAt,
      };
    },
    async save(jobId, { values, files, idempotencyKey, sentFingerprint, startedAt }) {
      const stored: StoredDraft = {
        jobId,
        values: { ...values, nationalIdNumber: '' },
        resume: toStored(files.resume),
        certifications: files.certifications.map(toStored),
        idempotencyKey,
        sentFingerprint: sentFingerprint ?? null,
        startedAt,
        savedAt: now(),
      };
      const tx = (await open()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(stored);
      await done(tx);
    },
    clear,
  };
}

let shared: DraftStore | null | undefined;

/** The browser's draft store, or null where there is no IndexedDB (some private modes, the server). */
export function browserDraftStore(): DraftStore | null {
  if (shared === undefined) shared = typeof indexedDB === 'undefined' ? null : indexedDBDraftStore(indexedDB);
  return shared;
}

// Idempotency keys of applications stored: should clearing a draft after a
// success fail, the draft is still there with the used key. A draft whose
// key is listed here is deleted rather than restored, so that key is never
// sent again with other content. Kept in memory and, where it can be, in
// localStorage (a reload), the last few only: keys are random, nothing personal.
const COMPLETED_KEYS = 'application-completed-keys';
const completedInMemory = new Set<string>();

function storedCompletedKeys(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(COMPLETED_KEYS) ?? '[]');
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes that the submission with key was stored. */
export function markKeyCompleted(key: string): void {
  completedInMemory.add(key);
  try {
    localStorage.setItem(COMPLETED_KEYS, JSON.stringify([...storedCompletedKeys().filter((k) => k !== key), key].slice(-20)));
  } catch {
    // No localStorage (blocked, full, the server): memory only.
  }
}

/** Whether the submission with key was stored. */
export function isKeyCompleted(key: string): boolean {
  return completedInMemory.has(key) || storedCompletedKeys().includes(key);
}
