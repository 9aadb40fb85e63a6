// The public site's router: what the site needs of one and no more, small
// enough for every visitor's first load. Paths match as the Go server's
// route table writes them ("/job/:id", "*" for any other path). The server
// renders with StaticRouter, the browser hydrates with BrowserRouter
// (History API), tests use MemoryRouter. The staff console (src/admin) has
// its own bundle and keeps react-router.
import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { endHydration } from './early-input';

/** How the current location was reached: a load or Back/Forward (POP), a link or navigate (PUSH, REPLACE). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  /** "" or "?..." */
  search: string;
  /** "" or "#..." */
  hash: string;
  /** What the navigation to this history entry carried (navigate's state), or null. */
  state: unknown;
  /** Tells history entries apart; "default" for the first one. */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path ("/jobs?q=go"), or moves through the history by delta (-1: Back). */
export interface Navigate {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * Splits "/a?b#c" into its parts. Against the current location, as a
 * browser reads an href: "?b" keeps its pathname, "#c" its pathname and
 * query.
 */
export function parsePath(to: string, current?: Path): Path {
  const h = to.indexOf('#');
  const hash = h < 0 ? '' : to.slice(h);
  const rest = h < 0 ? to : to.slice(0, h);
  const q = rest.indexOf('?');
  const search = q < 0 ? '' : rest.slice(q);
  const pathname = q < 0 ? rest : rest.slice(0, q);
  return {
    pathname: pathname || current?.pathname || '/',
    search: !pathname && current && q < 0 ? current.search : search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

const pathOf = ({ pathname, search, hash }: Path) => pathname + search + hash;

// ---- Context ---------------------------------------------------------------

interface LocationValue {
  location: Location;
  type: NavigationType;
}

const LocationContext = createContext<LocationValue | null>(null);
const NavigateContext = createContext<Navigate | null>(null);

function useRouterValue<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} outside a router`);
  return value;
}

export function useLocation(): Location {
  return useRouterValue(useContext(LocationContext), 'useLocation').location;
}

export function useNavigationType(): NavigationType {
  return useRouterValue(useContext(LocationContext), 'useNavigationType').type;
}

export function useNavigate(): Navigate {
  return useRouterValue(useContext(NavigateContext), 'useNavigate');
}

function Router({ value, navigate, children }: { value: LocationValue; navigate: Navigate; children: ReactNode }) {
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

// ---- Routers ---------------------------------------------------------------

/** The server's router: one location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = { location: { ...parsePath(location), state: null, key: 'default' }, type: 'POP' as const };
  const navigate = () => {
    throw new Error('navigate() while rendering on the server');
  };
  return <Router value={value} navigate={navigate}>{children}</Router>;
}

/** What this router keeps in history.state, beside the navigation's own state. */
interface HistoryState {
  usr: unknown;
  key: string;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const s = window.history.state as Partial<HistoryState> | null;
  return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * What a navigation waits for before it shows the new location: undefined
 * (nothing), or a promise of true (show it) or false (load it as a new
 * document instead).
 */
export type BeforeShow = () => Promise<boolean> | undefined;

/**
 * The browser's router: the address bar is the location. navigate adds or
 * replaces a history entry; Back and Forward (popstate) come back as POP.
 * Updates render as a transition, so the page on screen stays responsive.
 * With beforeShow, the address bar changes at once and the page on screen
 * stays until what beforeShow returns settles.
 */
export function BrowserRouter({ children, beforeShow }: { children: ReactNode; beforeShow?: BeforeShow }) {
  const [value, setValue] = useState<LocationValue>(() => ({ location: browserLocation(), type: 'POP' }));
  const show = useMemo(
    () => (type: NavigationType) => {
      const update = () => {
        // The page as served is left: whatever of it has not hydrated yet is now the app's (early-input.ts).
        endHydration();
        startTransition(() => setValue({ location: browserLocation(), type }));
      };
      const wait = beforeShow?.();
      if (!wait) return update();
      void wait.then((ok) => (ok ? update() : window.location.reload()));
    },
    [beforeShow],
  );
  const navigate = useMemo<Navigate>(() => {
    return (to: string | number, { replace, state = null }: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const url = pathOf(parsePath(to, window.location));
      const entry: HistoryState = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(entry, '', url);
      else {
        try {
          window.history.pushState(entry, '', url);
        } catch {
          // Too many entries (Safari's limit) or state the browser cannot store.
          return window.location.assign(url);
        }
      }
      show(replace ? 'REPLACE' : 'PUSH');
    };
  }, [show]);
  useLayoutEffect(() => {
    const onPop = () => show('POP');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);
  return <Router value={value} navigate={navigate}>{children}</Router>;
}

export type InitialEntry = string | (Partial<Path> & { state?: unknown });

/** A router over a history kept in memory (tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: InitialEntry[]; children: ReactNode }) {
  const [history, setHistory] = useState(() => ({
    entries: initialEntries.map(
      (e, i): Location =>
        typeof e === 'string'
          ? { ...parsePath(e), state: null, key: `m${i}` }
          : { pathname: e.pathname ?? '/', search: e.search ?? '', hash: e.hash ?? '', state: e.state ?? null, key: `m${i}` },
    ),
    index: initialEntries.length - 1,
    type: 'POP' as NavigationType,
  }));
  const navigate = useMemo<Navigate>(
    () =>
      (to: string | number, { replace, state = null }: NavigateOptions = {}) =>
        startTransition(() =>
          setHistory((h) => {
            if (typeof to === 'number') {
              const index = Math.min(Math.max(h.index + to, 0), h.entries.length - 1);
              return index === h.index ? h : { ...h, index, type: 'POP' };
            }
            const next: Location = { ...parsePath(to, h.entries[h.index]), state, key: newKey() };
            const keep = h.entries.slice(0, replace ? h.index : h.index + 1);
            return { entries: [...keep, next], index: keep.length, type: replace ? 'REPLACE' : 'PUSH' };
          }),
        ),
    [],
  );
  const value = useMemo(() => ({ location: history.entries[history.index]!, type: history.type }), [history]);
  return <Router value={value} navigate={navigate}>{children}</Router>;
}

// ---- Links -----------------------------------------------------------------

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site ("/about", "/jobs?q=go", "#team"), or an absolute URL (an ordinary link). */
  to: string;
  /** Replace the current history entry; by default a link to the current location does. */
  replace?: boolean;
  state?: unknown;
  /** Load the page from the server: an ordinary link. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const external = (to: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/**
 * Whether a click on a link to `to` is this router's to follow: a plain
 * left click on a link that opens here, to another page or query of this
 * site. New tabs and windows, downloads, other sites and a jump to an
 * anchor on the current page stay with the browser.
 */
export function isRouterClick(e: MouseEvent<HTMLAnchorElement>, to: Path, current: Path): boolean {
  return followsHere(e, e.currentTarget, to, current);
}

/** isRouterClick of a click e on anchor a (which may be below the element that listens). */
function followsHere(e: MouseEvent<HTMLElement>, a: HTMLAnchorElement, to: Path, current: Path): boolean {
  const target = a.getAttribute('target');
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return false;
  if ((target && target !== '_self') || a.hasAttribute('download')) return false;
  return !(to.hash && to.pathname === current.pathname && to.search === current.search);
}

/** An anchor that navigates within the site without loading a new document. */
export function Link({ to, replace, state, reloadDocument, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  if (reloadDocument || external(to)) return <a {...rest} href={to} onClick={onClick} />;
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const path = parsePath(to, location);
    if (!isRouterClick(e, path, location)) return;
    e.preventDefault();
    navigate(pathOf(path), { replace: replace ?? pathOf(path) === pathOf(location), state });
  };
  return <a {...rest} href={to} onClick={click} />;
}

/**
 * A click handler for an element whose links are plain anchors rendered
 * as Link renders them (see StaticMarkup): it follows the clicks on them
 * that Link would, so they navigate within the site all the same.
 */
export function useLinkClicks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(a instanceof HTMLAnchorElement) || !e.currentTarget.contains(a)) return;
    const to = a.getAttribute('href')!;
    if (external(to)) return;
    const path = parsePath(to, location);
    if (!followsHere(e, a, path, location)) return;
    e.preventDefault();
    navigate(pathOf(path), { replace: pathOf(path) === pathOf(location) });
  };
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on the link's own path, not also below it. */
  end?: boolean;
  /** Compare paths case-sensitively (by default /About is /about, as in the address bar). */
  caseSensitive?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  style?: CSSProperties | ((state: { isActive: boolean }) => CSSProperties | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

/**
 * A Link that knows whether it points at the current page: then it has
 * aria-current="page" and, for a string className, the class "active".
 */
export function NavLink({ end, caseSensitive, className, style, children, 'aria-current': current = 'page', ...rest }: NavLinkProps) {
  const location = useLocation();
  let here = location.pathname;
  let there = parsePath(rest.to, location).pathname;
  if (!caseSensitive) {
    here = here.toLowerCase();
    there = there.toLowerCase();
  }
  const slash = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  const isActive = here === there || (!end && here.startsWith(there) && here.charAt(slash) === '/');
  const state = { isActive };
  return (
    <Link
      {...rest}
      aria-current={isActive ? current : undefined}
      className={typeof className === 'function' ? className(state) : [className, isActive && 'active'].filter(Boolean).join(' ')}
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

// ---- Routes ----------------------------------------------------------------

export interface RouteObject {
  /** "/about", "/job/:id", "*" (any path); none for a layout around its children. */
  path?: string;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch<R extends RouteObject = RouteObject> {
  route: R;
  params: Record<string, string>;
}

interface Branch<R> {
  routes: R[];
  pattern: RegExp;
  names: string[];
  score: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path pattern as a regular expression over a decoded pathname; trailing slashes are allowed. */
function compile(path: string, caseSensitive: boolean): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  for (const s of path.replace(/\/*\*$/, '').split('/')) {
    if (!s) continue;
    if (s.startsWith(':')) names.push(s.slice(1));
    source += s.startsWith(':') ? '/([^/]+)' : '/' + escape(s);
  }
  if (path.endsWith('*')) names.push('*');
  source += path.endsWith('*') ? '(?:/(.*))?' : '/*';
  return { pattern: new RegExp(`^${source}$`, caseSensitive ? '' : 'i'), names };
}

/** Specific routes first: a fixed segment beats a :param, which beats "*". */
function score(path: string): number {
  return path.split('/').reduce((n, s) => n + (s === '*' ? -2 : s.startsWith(':') ? 3 : s ? 10 : 1), 0);
}

function branches<R extends RouteObject>(routes: R[], parents: R[] = [], base = '', out: Branch<R>[] = []): Branch<R>[] {
  for (const route of routes) {
    const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const chain = [...parents, route];
    if (route.children?.length) branches(route.children as R[], chain, path, out);
    else if (route.path !== undefined) out.push({ routes: chain, ...compile(path, route.caseSensitive ?? false), score: score(path) });
  }
  return out;
}

// Route tables are fixed: each is compiled and ranked once.
const compiled = new WeakMap<object, Branch<RouteObject>[]>();

function decode(pathname: string): string {
  return pathname
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s).replace(/\//g, '%2F');
      } catch {
        return s;
      }
    })
    .join('/');
}

/**
 * The routes, outermost first, that pathname renders, with the values of
 * its :params (decoded); null when none matches.
 */
export function matchRoutes<R extends RouteObject>(routes: R[], pathname: string): RouteMatch<R>[] | null {
  let ranked = compiled.get(routes) as Branch<R>[] | undefined;
  if (!ranked) compiled.set(routes, (ranked = branches(routes).sort((a, b) => b.score - a.score)));
  const path = decode(pathname);
  for (const b of ranked) {
    const m = b.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    b.names.forEach((name, i) => (params[name] = (m[i + 1] ?? '').replace(/%2F/g, '/')));
    return b.routes.map((route) => ({ route, params }));
  }
  return null;
}

const RouteContext = createContext<{ params: Record<string, string>; outlet: ReactNode }>({ params: {}, outlet: null });

/** The element of the routes that match the current location, each layout around the next; null if none does. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname);
  return (matches ?? []).reduceRight<ReactNode>(
    (outlet, { route, params }) => <RouteContext.Provider value={{ params, outlet }}>{route.element ?? outlet}</RouteContext.Provider>,
    null,
  );
}

/** Where a layout route shows the route below it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The :params of the matched route ({ id: "go-eng" } on /job/go-eng). */
export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}
