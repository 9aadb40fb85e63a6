import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  NavLink,
  Outlet,
  parsePath,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  type Navigate,
  type RouteObject,
} from './router';

/** An element's attributes by name, in any order. */
const attributes = (el: Element) => Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value]));

afterEach(cleanup);

/** The current location and how it was reached, for assertions. */
function Where() {
  const { pathname, search, hash, state } = useLocation();
  return (
    <output data-testid="where" data-type={useNavigationType()} data-state={JSON.stringify(state)}>
      {pathname + search + hash}
    </output>
  );
}

const where = () => screen.getByTestId('where');

let navigate!: Navigate;
function GrabNavigate() {
  navigate = useNavigate();
  return null;
}

describe('matchRoutes', () => {
  const table = [
    { path: '/', page: 'home', caseSensitive: true },
    { path: '/about', page: 'about', caseSensitive: true },
    { path: '/job/:id', page: 'job', caseSensitive: true },
    { path: '/blog/:id', page: 'post', caseSensitive: true },
    { path: '*', page: 'not-found', caseSensitive: true },
  ];
  const page = (pathname: string) => matchRoutes(table, pathname)?.[0]?.route.page;
  const params = (pathname: string) => matchRoutes(table, pathname)?.[0]?.params;

  it('finds the page of a path', () => {
    expect(page('/')).toBe('home');
    expect(page('/about')).toBe('about');
    expect(page('/job/go-eng')).toBe('job');
  });

  it('allows a trailing slash', () => {
    expect(page('/about/')).toBe('about');
    expect(page('/job/go-eng/')).toBe('job');
  });

  it('is case-sensitive when the route says so, and any other path is not found', () => {
    expect(page('/About')).toBe('not-found');
    expect(page('/about/team')).toBe('not-found');
    expect(page('/job')).toBe('not-found');
    expect(page('/job/a/b')).toBe('not-found');
    expect(page('/nowhere')).toBe('not-found');
    expect(params('/no/where')).toEqual({ '*': 'no/where' });
  });

  it('ignores case unless told otherwise', () => {
    expect(matchRoutes([{ path: '/about' }], '/ABOUT')).toHaveLength(1);
  });

  it('gives :params decoded', () => {
    expect(params('/job/go-eng')).toEqual({ id: 'go-eng' });
    expect(params('/blog/caf%C3%A9%20au%20lait')).toEqual({ id: 'café au lait' });
    expect(params('/blog/a%2Fb')).toEqual({ id: 'a/b' });
    expect(params('/blog/100%')).toEqual({ id: '100%' });
  });

  it('prefers a fixed segment to a :param, and both to "*", whatever the order', () => {
    const routes = [{ path: '*' }, { path: '/blog/:id' }, { path: '/blog/latest' }];
    expect(matchRoutes(routes, '/blog/latest')?.[0]?.route.path).toBe('/blog/latest');
    expect(matchRoutes(routes, '/blog/first')?.[0]?.route.path).toBe('/blog/:id');
    expect(matchRoutes(routes, '/blog')?.[0]?.route.path).toBe('*');
  });

  it('returns a layout route and its child, outermost first', () => {
    const layout: RouteObject = { children: [{ path: '/a' }, { path: 'b' }] };
    const outer = { path: '/outer', children: [{ path: 'inner' }] };
    expect(matchRoutes([layout], '/a')?.map((m) => m.route)).toEqual([layout, layout.children![0]]);
    expect(matchRoutes([layout], '/b')?.map((m) => m.route.path)).toEqual([undefined, 'b']);
    expect(matchRoutes([outer], '/outer/inner')?.map((m) => m.route.path)).toEqual(['/outer', 'inner']);
    expect(matchRoutes([layout], '/c')).toBeNull();
  });
});

describe('useRoutes', () => {
  function Layout() {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  function Job() {
    return <h1>Job {useParams().id}</h1>;
  }
  const routes: RouteObject[] = [
    {
      element: <Layout />,
      children: [
        { path: '/', element: <h1>Home</h1> },
        { path: '/job/:id', element: <Job /> },
        { path: '*', element: <h1>Not found</h1> },
      ],
    },
  ];
  function Routes() {
    return useRoutes(routes);
  }
  const at = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes />
      </MemoryRouter>,
    );

  it('renders the matched page inside its layout, with its params', () => {
    at('/job/cloud');
    expect(screen.getByRole('main').textContent).toBe('Job cloud');
  });

  it('renders the not-found route for any other path', () => {
    at('/missing');
    expect(screen.getByRole('heading').textContent).toBe('Not found');
  });

  it('renders nothing when nothing matches', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/x']}>
        <OnlyHome />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});

function OnlyHome() {
  return useRoutes([{ path: '/', element: <p>Home</p> }]);
}

describe('NavLink', () => {
  const at = (url: string, ui: ReactNode) => render(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);

  it('marks the link to the current page with aria-current="page" and the class "active"', () => {
    at(
      '/about',
      <>
        <NavLink to="/about" className="nav">
          About
        </NavLink>
        <NavLink to="/career" className="nav">
          Career
        </NavLink>
      </>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    const career = screen.getByRole('link', { name: 'Career' });
    expect(about.getAttribute('aria-current')).toBe('page');
    expect(about.className).toBe('nav active');
    expect(career.hasAttribute('aria-current')).toBe(false);
    expect(career.className).toBe('nav');
  });

  it('passes isActive to className, style and children functions', () => {
    at(
      '/about',
      <NavLink
        to="/about"
        className={({ isActive }) => (isActive ? 'on' : 'off')}
        style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}
      >
        {({ isActive }) => (isActive ? 'About (here)' : 'About')}
      </NavLink>,
    );
    const link = screen.getByRole('link', { name: 'About (here)' });
    expect(link.className).toBe('on');
    expect(link.style.fontWeight).toBe('700');
  });

  it('is active below its path unless end is set, and ignores case unless told otherwise', () => {
    at(
      '/Blog/first/',
      <>
        <NavLink to="/blog">Blog</NavLink>
        <NavLink to="/blog" end>
          Blog only
        </NavLink>
        <NavLink to="/blog/first" end>
          Post
        </NavLink>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/" end={false}>
          Root
        </NavLink>
        <NavLink to="/blog" caseSensitive>
          Lower case
        </NavLink>
        <NavLink to="/Blog" caseSensitive>
          Same case
        </NavLink>
        <NavLink to="/bl">Prefix</NavLink>
      </>,
    );
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Blog')).toBe('page');
    expect(current('Blog only')).toBeNull();
    expect(current('Post')).toBeNull(); // "/blog/first/" is not "/blog/first" for an end link
    expect(current('Home')).toBeNull();
    expect(current('Root')).toBeNull(); // "/" is only ever the home page
    expect(current('Lower case')).toBeNull();
    expect(current('Same case')).toBe('page');
    expect(current('Prefix')).toBeNull();
  });

  it('follows the location as it changes', () => {
    at(
      '/',
      <>
        <NavLink to="/about" end>
          About
        </NavLink>
        <Link to="/about">Go</Link>
      </>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    expect(about.hasAttribute('aria-current')).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(about.getAttribute('aria-current')).toBe('page');
  });
});

describe('Link', () => {
  // What the browser would do with a click the router leaves alone:
  // jsdom cannot load another document, so the test records and stops it.
  let leftToBrowser: boolean[];
  const record = (e: MouseEvent) => {
    leftToBrowser.push(!e.defaultPrevented);
    e.preventDefault();
  };
  beforeEach(() => {
    leftToBrowser = [];
    window.addEventListener('click', record);
    return () => window.removeEventListener('click', record);
  });

  const at = (url: string, ui: ReactNode) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <Where />
      </MemoryRouter>,
    );

  it('renders an anchor with the path as href and the other props as given', () => {
    at(
      '/',
      <Link to="/jobs?q=go" className="c" aria-label="Jobs" rel="next">
        x
      </Link>,
    );
    const a = screen.getByRole('link', { name: 'Jobs' });
    expect(attributes(a)).toEqual({ class: 'c', 'aria-label': 'Jobs', rel: 'next', href: '/jobs?q=go' });
    expect(a.textContent).toBe('x');
  });

  it('navigates on a plain left click, adding a history entry with the state', () => {
    at(
      '/',
      <Link to="/jobs?q=go" state={{ from: 'home' }}>
        Jobs
      </Link>,
    );
    fireEvent.click(screen.getByRole('link'));
    expect(leftToBrowser).toEqual([false]);
    expect(where().textContent).toBe('/jobs?q=go');
    expect(where().dataset.type).toBe('PUSH');
    expect(where().dataset.state).toBe('{"from":"home"}');
  });

  it('replaces the entry when the link is to the current location, or when told to', () => {
    at(
      '/about',
      <>
        <Link to="/about">Same</Link>
        <Link to="/career" replace>
          Career
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Same' }));
    expect(where().dataset.type).toBe('REPLACE');
    fireEvent.click(screen.getByRole('link', { name: 'Career' }));
    expect(where().textContent).toBe('/career');
    expect(where().dataset.type).toBe('REPLACE');
  });

  it.each([
    ['a modified click', { ctrlKey: true }],
    ['a Shift click', { shiftKey: true }],
    ['a Cmd click', { metaKey: true }],
    ['an Alt click', { altKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_, init) => {
    at('/', <Link to="/about">About</Link>);
    fireEvent.click(screen.getByRole('link'), init);
    expect(leftToBrowser).toEqual([true]);
    expect(where().textContent).toBe('/');
  });

  it('leaves new tabs, downloads, other sites and reloads to the browser', () => {
    at(
      '/',
      <>
        <Link to="/about" target="_blank">
          Tab
        </Link>
        <Link to="/files/a.pdf" download>
          Download
        </Link>
        <Link to="https://example.com/">Elsewhere</Link>
        <Link to="mailto:hello@example.com">Mail</Link>
        <Link to="/about" reloadDocument>
          Reload
        </Link>
        <Link to="/about" target="_self">
          Self
        </Link>
      </>,
    );
    for (const name of ['Tab', 'Download', 'Elsewhere', 'Mail', 'Reload']) {
      fireEvent.click(screen.getByRole('link', { name }));
    }
    expect(leftToBrowser).toEqual([true, true, true, true, true]);
    expect(where().textContent).toBe('/');
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe('https://example.com/');
    fireEvent.click(screen.getByRole('link', { name: 'Self' }));
    expect(where().textContent).toBe('/about');
  });

  it('leaves a jump to an anchor of the current page to the browser, but follows one to another page', () => {
    at(
      '/career?x=1',
      <>
        <Link to="#positions">Here</Link>
        <Link to="/career?x=1#positions">Here too</Link>
        <Link to="/about#team">There</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    fireEvent.click(screen.getByRole('link', { name: 'Here too' }));
    expect(leftToBrowser).toEqual([true, true]);
    fireEvent.click(screen.getByRole('link', { name: 'There' }));
    expect(where().textContent).toBe('/about#team');
  });

  it("runs the link's own onClick first, and stays put when it prevents the default", () => {
    const seen: string[] = [];
    at(
      '/',
      <>
        <Link to="/a" onClick={() => seen.push('a')}>
          A
        </Link>
        <Link to="/b" onClick={(e) => e.preventDefault()}>
          B
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(where().textContent).toBe('/');
    fireEvent.click(screen.getByRole('link', { name: 'A' }));
    expect(seen).toEqual(['a']);
    expect(where().textContent).toBe('/a');
  });
});

describe('MemoryRouter', () => {
  it('goes back and forward through its entries', () => {
    render(
      <MemoryRouter initialEntries={['/one', { pathname: '/two', state: { n: 2 } }]}>
        <GrabNavigate />
        <Where />
      </MemoryRouter>,
    );
    expect(where().textContent).toBe('/two');
    expect(where().dataset.state).toBe('{"n":2}');
    act(() => navigate(-1));
    expect(where().textContent).toBe('/one');
    expect(where().dataset.type).toBe('POP');
    act(() => navigate('/three'));
    act(() => navigate(1)); // nothing ahead any more
    expect(where().textContent).toBe('/three');
  });
});

describe('StaticRouter', () => {
  it('renders at the given URL', () => {
    function Page() {
      const { pathname, search } = useLocation();
      return (
        <NavLink to="/jobs" end>
          {pathname + search}
        </NavLink>
      );
    }
    const html = renderToString(
      <StaticRouter location="/jobs?q=go">
        <Page />
      </StaticRouter>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.body.children).toHaveLength(1);
    const a = doc.body.firstElementChild!;
    expect(a.localName).toBe('a');
    expect(attributes(a)).toEqual({ 'aria-current': 'page', class: 'active', href: '/jobs' });
    expect(a.textContent).toBe('/jobs?q=go');
  });
});

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start?x=1'));

  function app() {
    return render(
      <BrowserRouter>
        <GrabNavigate />
        <Link to="/about">About</Link>
        <Where />
      </BrowserRouter>,
    );
  }

  it('starts at the address bar', () => {
    app();
    expect(where().textContent).toBe('/start?x=1');
    expect(where().dataset.type).toBe('POP');
  });

  it('adds a history entry for a link, and Back returns', async () => {
    app();
    const length = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(length + 1);
    expect(where().textContent).toBe('/about');
    expect(where().dataset.type).toBe('PUSH');

    act(() => window.history.back());
    await waitFor(() => expect(where().textContent).toBe('/start?x=1'));
    expect(where().dataset.type).toBe('POP');
  });

  it('replaces the entry, keeping the state with it', async () => {
    app();
    const length = window.history.length;
    act(() => navigate('/jobs?q=go', { replace: true, state: { saved: 1 } }));
    expect(window.location.href).toBe(`${window.location.origin}/jobs?q=go`);
    expect(window.history.length).toBe(length);
    expect(where().dataset.type).toBe('REPLACE');
    expect(where().dataset.state).toBe('{"saved":1}');
    // A later render of the same entry (a reload) reads the state back.
    cleanup();
    app();
    expect(where().dataset.state).toBe('{"saved":1}');
  });

  it('with beforeShow, changes the address at once and shows the page once it allows', async () => {
    let allow: (ok: boolean) => void = () => undefined;
    let asked = 0;
    const beforeShow = () => {
      asked++;
      return new Promise<boolean>((resolve) => (allow = resolve));
    };
    render(
      <BrowserRouter beforeShow={beforeShow}>
        <GrabNavigate />
        <Where />
      </BrowserRouter>,
    );
    act(() => navigate('/blog'));
    expect(window.location.pathname).toBe('/blog');
    expect(asked).toBe(1);
    expect(where().textContent).toBe('/start?x=1');
    await act(async () => allow(true));
    expect(where().textContent).toBe('/blog');
    expect(where().dataset.type).toBe('PUSH');

    act(() => window.history.back());
    await waitFor(() => expect(asked).toBe(2));
    expect(where().textContent).toBe('/blog');
    await act(async () => allow(true));
    expect(where().textContent).toBe('/start?x=1');
    expect(where().dataset.type).toBe('POP');
  });

  it('with beforeShow, shows at once when it has nothing to wait for', () => {
    render(
      <BrowserRouter beforeShow={() => undefined}>
        <GrabNavigate />
        <Where />
      </BrowserRouter>,
    );
    act(() => navigate('/about'));
    expect(where().textContent).toBe('/about');
  });

  it('loads the new address as a document when beforeShow refuses', async () => {
    const reload = vi.fn();
    const real = window.location;
    // jsdom cannot reload: the router reads the address through this stand-in.
    const stand = {
      reload,
      get pathname() {
        return real.pathname;
      },
      get search() {
        return real.search;
      },
      get hash() {
        return real.hash;
      },
    };
    Object.defineProperty(window, 'location', { configurable: true, value: stand });
    try {
      render(
        <BrowserRouter beforeShow={() => Promise.resolve(false)}>
          <GrabNavigate />
          <Where />
        </BrowserRouter>,
      );
      await act(async () => navigate('/apply/x'));
      expect(reload).toHaveBeenCalledOnce();
      expect(where().textContent).toBe('/start?x=1');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: real });
    }
  });

  it('follows Forward too', async () => {
    app();
    act(() => navigate('/a'));
    act(() => navigate('/b'));
    act(() => navigate(-2));
    await waitFor(() => expect(where().textContent).toBe('/start?x=1'));
    act(() => window.history.forward());
    await waitFor(() => expect(where().textContent).toBe('/a'));
  });
});

describe('parsePath', () => {
  const current = { pathname: '/jobs', search: '?q=go', hash: '#top' };
  it('splits a path into pathname, query and fragment', () => {
    expect(parsePath('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c' });
    expect(parsePath('/a?#')).toEqual({ pathname: '/a', search: '', hash: '' });
    expect(parsePath('')).toEqual({ pathname: '/', search: '', hash: '' });
  });
  it('reads a partial path against the current location, as an href', () => {
    expect(parsePath('?q=js', current)).toEqual({ pathname: '/jobs', search: '?q=js', hash: '' });
    expect(parsePath('#list', current)).toEqual({ pathname: '/jobs', search: '?q=go', hash: '#list' });
    expect(parsePath('/about', current)).toEqual({ pathname: '/about', search: '', hash: '' });
  });
});
