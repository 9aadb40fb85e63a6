// The staff console's one way to the staff API (/api/admin/...). Every
// call goes through lib/api-client, so failures are ApiRequestErrors; a 401
// (no session, or it ended) tells the shell to show the sign-in screen.
//
// Calls are typed by the route map that cmd/gen-wire writes from the Go
// handlers (gen/admin-routes.ts): a call names its route, by a path without
// parameters ('/jobs') or by adminPath for one with them
// (adminPath('/jobs/{id}', { id })), and the body it may send and the answer
// it gets are that route's. A screen never chooses a type itself.
import type { AdminRoutes } from '../gen/admin-routes';
import { answerError, ApiRequestError, getJSON, networkError, postForm, sendJSON, type UploadOptions } from '../lib/api-client';

/** Fired on window when the session has ended; the shell listens. */
export const SIGNED_OUT_EVENT = 'admin:signed-out';

/** A route of the staff API: "METHOD /path" after /api/admin, {name} marking a parameter. */
export type RouteKey = keyof AdminRoutes;

/** The methods of the routes that change something. */
export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query string's values (undefined and '' are left out). */
export type Query = Record<string, string | number | undefined>;

/** The routes that answer with a download rather than JSON. */
type FileKey = { [K in RouteKey]: AdminRoutes[K]['response'] extends 'file' ? K : never }[RouteKey];
/** The routes whose body is a multipart form (an upload). */
type FormKey = { [K in RouteKey]: AdminRoutes[K]['request'] extends FormData ? K : never }[RouteKey];
/** The routes that read and answer JSON. */
type JSONKey = Exclude<RouteKey, FileKey | FormKey>;

/** The path patterns of keys' routes with method M ('/jobs/{id}'). */
type PatternOf<M extends string, Keys extends RouteKey> = Keys extends `${M} ${infer P}` ? P : never;

/** Every path pattern with a parameter. */
type ParamPattern = Extract<PatternOf<string, RouteKey>, `${string}{${string}}${string}`>;

/** The names of a pattern's parameters: '/a/{id}/b/{doc}' → 'id' | 'doc'. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

declare const pattern: unique symbol;

/** A path of the staff API with its parameters filled in (adminPath), which keeps the pattern it was made from. */
export type AdminPath<P extends string = string> = string & { readonly [pattern]: P };

/**
 * The path of a route with parameters, each one encoded:
 * adminPath('/jobs/{id}', { id: 'a1' }) is '/jobs/a1', typed as a path of
 * the route '/jobs/{id}' (of any method).
 */
export function adminPath<P extends ParamPattern>(p: P, params: Record<ParamNames<P>, string>): AdminPath<P> {
  const values = params as Record<string, string>;
  return p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '')) as AdminPath<P>;
}

/** What a call of keys' routes with method M takes as its path: a pattern without parameters, or adminPath's. */
export type PathOf<M extends string, Keys extends RouteKey = JSONKey> =
  | Exclude<PatternOf<M, Keys>, ParamPattern>
  | AdminPath<Extract<PatternOf<M, Keys>, ParamPattern>>;

/** The route key of a call with method M and path X. */
export type KeyOf<M extends string, X> = Extract<`${M} ${X extends AdminPath<infer P> ? P : X & string}`, RouteKey>;

/** What the route of a call with method M and path X answers. */
export type Answer<M extends string, X> = AdminRoutes[KeyOf<M, X>]['response'];

/** What the route of a call with method M and path X reads: its JSON body, and the query (only where a body is). */
type BodyArgs<K extends RouteKey> = AdminRoutes[K]['request'] extends undefined ? [] : [body: AdminRoutes[K]['request'], query?: Query];

async function watch<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiRequestError && e.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw e;
  }
}

/** The URL of a staff API path with query, e.g. /api/admin/jobs?page=2. */
function urlOf(path: string, query?: Query): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return `/api/admin${path}${qs ? `?${qs}` : ''}`;
}

/** The URL of a download, for a link: adminURL('/applications/export.csv', { status: 'new' }). */
export function adminURL<X extends PathOf<'GET', FileKey>>(path: X, query?: Query): string {
  return urlOf(path, query);
}

/** GETs a route's JSON answer. */
export function adminGet<X extends PathOf<'GET'>>(path: X, query?: Query): Promise<Answer<'GET', X>> {
  return watch(getJSON<Answer<'GET', X>>(urlOf(path, query)));
}

/** Sends the route's JSON body (none where it reads none) with method, and returns its answer. */
export function adminSend<M extends SendMethod, X extends PathOf<M>>(method: M, path: X, ...args: BodyArgs<KeyOf<M, X>>): Promise<Answer<M, X>> {
  const [body, query] = args as [unknown?, Query?];
  return watch(sendJSON<Answer<M, X>>(method, urlOf(path, query), body));
}

/** adminGet without the signed-out event: for calls whose 401 means "not signed in" (the session check). */
export function adminGetQuietly<X extends PathOf<'GET'>>(path: X): Promise<Answer<'GET', X>> {
  return getJSON<Answer<'GET', X>>(urlOf(path));
}

/** adminSend without the signed-out event: for calls whose 401 means "wrong password" or "not signed in" (sign-in, set-up, sign-out). */
export function adminSendQuietly<M extends SendMethod, X extends PathOf<M>>(method: M, path: X, ...args: BodyArgs<KeyOf<M, X>>): Promise<Answer<M, X>> {
  const [body, query] = args as [unknown?, Query?];
  return sendJSON<Answer<M, X>>(method, urlOf(path, query), body);
}

/** POSTs an upload route's multipart form, reporting progress, and returns its JSON answer. */
export function adminUpload<X extends PathOf<'POST', FormKey>>(path: X, form: FormData, options?: UploadOptions): Promise<Answer<'POST', X>> {
  return watch(postForm<Answer<'POST', X>>(urlOf(path), form, options));
}

/** A file the staff API sends as an attachment, with the name the server gave it. */
export interface AdminFile {
  blob: Blob;
  name: string;
}

/** The file name of a Content-Disposition header (its plain filename="…"), or fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? fallback;
}

/**
 * GETs a download route's file (a CSV export) into memory, so that a
 * refusal is shown as the server's message instead of being saved as the
 * file.
 */
export function adminFile<X extends PathOf<'GET', FileKey>>(path: X, query: Query, fallback: string): Promise<AdminFile> {
  return watch(
    (async () => {
      let res: Response;
      try {
        res = await fetch(urlOf(path, query));
      } catch {
        throw networkError();
      }
      if (!res.ok) throw answerError(res.status, await res.json().catch(() => null));
      return { blob: await res.blob(), name: attachmentName(res.headers.get('Content-Disposition'), fallback) };
    })(),
  );
}

/** Hands blob to the browser as a download named name. */
export function saveFile({ blob, name }: AdminFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; free the memory later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
