// The one way the web app talks to the JSON API: read JSON, post JSON, and
// post a multipart form with upload progress. Every failure becomes an
// ApiRequestError with the server's code, message and field messages.
import type { APIError, EditConflict, ErrorBody } from '../gen/wire';

/** Error codes the client itself gives when the server's answer has none. */
export const NETWORK_ERROR = 'network';
export const INTERNAL_ERROR = 'internal';

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** A failed API call: the server's error body, or what went wrong on the way. */
export class ApiRequestError extends Error {
  /** The error's kind (wire.APIError codes, or "network" when no answer came). */
  readonly code: string;
  /** Field → message, for a rejected form. */
  readonly fields: Record<string, string>;
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  /** Whether code and message are the server's own (its error body), not the client's words. */
  readonly fromServer: boolean;
  /** A save refused because someone else saved the item meanwhile: who, when, and their version. */
  readonly conflict: EditConflict | undefined;

  constructor(status: number, body: APIError, fromServer = true) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.conflict = body.conflict;
    this.status = status;
    this.fromServer = fromServer;
  }

  /** The error as the API and boot data carry it. */
  toJSON(): APIError {
    return Object.keys(this.fields).length > 0
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

/** The error of a non-2xx answer: the server's body when it sent one. */
export function answerError(status: number, body: unknown): ApiRequestError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields = error.fields && typeof error.fields === 'object' ? error.fields : undefined;
    const conflict = error.conflict && typeof error.conflict === 'object' ? error.conflict : undefined;
    return new ApiRequestError(status, { code: error.code, message: error.message, fields, conflict });
  }
  return new ApiRequestError(status, { code: INTERNAL_ERROR, message: `The server answered ${status}.` }, false);
}

/** The error of a request that got no answer. */
export function networkError(): ApiRequestError {
  return new ApiRequestError(0, { code: NETWORK_ERROR, message: NETWORK_MESSAGE }, false);
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw networkError();
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw answerError(res.status, body);
  return body as T;
}

/** GETs path and returns its JSON body. */
export function getJSON<T>(path: string): Promise<T> {
  return send<T>(path, {});
}

/** POSTs body as JSON to path, with any extra headers (e.g. an Idempotency-Key), and returns the JSON answer. */
export function postJSON<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return send<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Sends body (if any) as JSON with method to path and returns the JSON answer. */
export function sendJSON<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  if (body === undefined) return send<T>(path, { method });
  return send<T>(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1) and the bytes behind it. */
  onProgress?: (sent: number, bytes: { loaded: number; total: number }) => void;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * POSTs form as multipart/form-data to path and returns the JSON answer.
 * It uses XMLHttpRequest because fetch cannot report upload progress.
 */
export function postForm<T>(path: string, form: FormData, { onProgress, headers = {}, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total, { loaded: e.loaded, total: e.total });
      };
    }
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled as an answer without a body.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(answerError(xhr.status, body));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
