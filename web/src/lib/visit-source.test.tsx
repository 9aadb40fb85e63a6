import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import table from '../../../internal/domain/testdata/source-cases.json';
import { Link, MemoryRouter, useNavigate, type Navigate } from './router';
import { keepVisitSource, leadsToApplication, normalizeSource, sourceFromSearch, useKeepVisitSource, visitSource } from './visit-source';

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

describe('normalizeSource', () => {
  it('keeps what the server keeps (shared cases)', () => {
    expect(table.cases.length).toBeGreaterThan(10);
    for (const [raw, stored] of table.cases as [string, string][]) {
      expect(normalizeSource(raw), JSON.stringify(raw)).toBe(stored);
    }
  });
});

describe('sourceFromSearch', () => {
  it.each([
    ['?src=LinkedIn', 'linkedin'],
    ['?utm_source=naukri&utm_medium=job', 'naukri'],
    ['?utm_source=naukri&src=linkedin', 'linkedin'],
    ['?src=bad%20one&utm_source=indeed', 'indeed'],
    ['?src=%3Cscript%3E', ''],
    ['?location=Pune', ''],
    ['', ''],
  ])('%s gives %j', (search, want) => {
    expect(sourceFromSearch(search)).toBe(want);
  });
});

describe('leadsToApplication', () => {
  it.each([
    ['/career', true],
    ['/jobs', true],
    ['/job/abc123', true],
    ['/apply/abc123', true],
    ['/', false],
    ['/blog', false],
    ['/job/abc/def', false],
    ['/application-status', false],
  ])('%s: %s', (path, want) => {
    expect(leadsToApplication(path)).toBe(want);
  });
});

describe('keepVisitSource', () => {
  it('keeps the first source while the visit goes on, and a new link with its own replaces it', () => {
    keepVisitSource('/job/j1', '?src=linkedin');
    expect(visitSource()).toBe('linkedin');
    keepVisitSource('/apply/j1', '');
    keepVisitSource('/jobs', '?location=Pune');
    expect(visitSource()).toBe('linkedin');
    keepVisitSource('/jobs', '?src=%20');
    expect(visitSource()).toBe('linkedin');
    keepVisitSource('/job/j2', '?utm_source=Naukri');
    expect(visitSource()).toBe('naukri');
  });

  it('ignores pages that do not lead to an application', () => {
    keepVisitSource('/blog/post-1', '?src=newsletter');
    expect(visitSource()).toBe('');
  });

  it('does without storage', () => {
    expect(() => keepVisitSource('/jobs', '?src=x', null)).not.toThrow();
    expect(visitSource(null)).toBe('');
  });

  it('survives storage that refuses', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    } as unknown as Storage;
    expect(() => keepVisitSource('/jobs', '?src=x', broken)).not.toThrow();
    expect(visitSource(broken)).toBe('');
  });

  it('reads back only a good source', () => {
    sessionStorage.setItem('visit-source', 'not a source');
    expect(visitSource()).toBe('');
  });
});

describe('useKeepVisitSource', () => {
  it('keeps the source of the landing address through navigation within the site', async () => {
    let navigate: Navigate = () => undefined;
    function Probe() {
      useKeepVisitSource();
      navigate = useNavigate();
      return <Link to="/apply/j1">Apply</Link>;
    }
    render(
      <MemoryRouter initialEntries={['/job/j1?src=LinkedIn']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(visitSource()).toBe('linkedin');
    await act(async () => navigate('/apply/j1'));
    expect(visitSource()).toBe('linkedin');
    await act(async () => navigate('/jobs?src=indeed'));
    expect(visitSource()).toBe('indeed');
  });
});
