import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail, ApplicationList, StaffMe } from '../../gen/wire';
import { StaffContext } from '../staff-context';
import ApplicationsScreen from './applications-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(url: string, me?: StaffMe) {
  const ui = <ApplicationsScreen />;
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/applications/*" element={me ? <StaffContext.Provider value={me}>{ui}</StaffContext.Provider> : ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

function list(over: Partial<ApplicationList> = {}): ApplicationList {
  return {
    rows: [
      {
        id: 'a1',
        reference: 'APP-AAAA2222',
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        jobId: 'j1',
        jobTitle: 'Platform Engineer',
        status: 'interview',
        spam: false,
        appliedAt: '2026-11-20T09:30:00Z',
        folder: 'applications',
        withdrawnAt: null,
        source: 'linkedin',
      },
    ],
    total: 60,
    page: 2,
    pageSize: 25,
    pages: 3,
    jobs: [
      { id: 'j1', title: 'Platform Engineer' },
      { id: 'j2', title: 'Data Analyst' },
    ],
    statuses: ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'],
    sources: [
      { source: 'linkedin', count: 3 },
      { source: '', count: 57 },
    ],
    found: [],
    spamQueue: 2,
    ...over,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with answer(url, init) and returns the calls made. */
function stubFetch(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The detail's timeline (timeline.test.tsx tests it) is empty here.
      if (url.endsWith('/timeline')) return json({ events: [] });
      calls.push({ url, method: init.method ?? 'GET' });
      return answer(url, init);
    }),
  );
  return calls;
}

describe('the applications table', () => {
  it('reads its filters from the URL and asks the server for exactly them', async () => {
    const calls = stubFetch(() => json(list()));
    renderAt('/admin/applications?status=interview&job=j1&q=asha&page=2');
    await screen.findByText('Asha Rao');
    expect(calls[0]?.url).toBe('/api/admin/applications?job=j1&status=interview&q=asha&page=2');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('interview');
    expect((screen.getByLabelText('Job') as HTMLSelectElement).value).toBe('j1');
    expect((screen.getByLabelText('Search name, e-mail or reference') as HTMLInputElement).value).toBe('asha');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/admin/applications/export.csv?job=j1&status=interview&q=asha');
    expect(exportLink.hasAttribute('download')).toBe(true);
    const row = screen.getByRole('row', { name: /APP-AAAA2222/ });
    expect(within(row).getByText('Interview')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'APP-AAAA2222' }).getAttribute('href')).toBe('/admin/applications/a1');
  });

  it('shows where each application came from and filters and exports by source', async () => {
    const calls = stubFetch(() => json(list()));
    renderAt('/admin/applications?source=linkedin');
    await screen.findByText('Asha Rao');
    expect(calls[0]?.url).toBe('/api/admin/applications?source=linkedin');
    const select = screen.getByLabelText('Source') as HTMLSelectElement;
    expect(select.value).toBe('linkedin');
    expect(Array.from(select.options, (o) => o.textContent)).toEqual(['All sources', 'linkedin (3)', 'No source']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/applications/export.csv?source=linkedin');
    const row = screen.getByRole('row', { name: /APP-AAAA2222/ });
    expect(within(row).getByText('linkedin')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Source' })).toBeTruthy();

    fireEvent.change(select, { target: { value: '-' } });
    await waitFor(() => expect(where()).toBe('/admin/applications?source=-'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/applications?source=-'));
  });

  it('says "No source" for an application without one', async () => {
    stubFetch(() => json(list({ rows: [{ ...list().rows[0]!, source: '' }] })));
    renderAt('/admin/applications');
    const row = await screen.findByRole('row', { name: /APP-AAAA2222/ });
    expect(within(row).getByText('No source')).toBeTruthy();
  });

  it('keeps sorting, paging and filtering in the URL', async () => {
    const calls = stubFetch(() => json(list()));
    renderAt('/admin/applications?status=interview&page=2');
    await screen.findByText('Asha Rao');
    const appliedHeader = screen.getByRole('columnheader', { name: /Applied/ });
    expect(appliedHeader.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(where()).toBe('/admin/applications?status=interview&sort=name'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Applied/ }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(where()).toBe('/admin/applications?status=interview&sort=name&dir=desc'));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toContain('page=2'));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'hired' } });
    await waitFor(() => expect(where()).toBe('/admin/applications?status=hired&sort=name&dir=desc'));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('link', { name: 'Suspected spam (2)' }));
    await waitFor(() => expect(where()).toContain('spam=1'));
    expect(screen.getByRole('link', { name: 'Suspected spam (2)' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Search name, e-mail or reference'), { target: { value: '  APP-AAAA ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toContain('q=APP-AAAA'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/applications?status=hired&q=APP-AAAA&spam=1&sort=name&dir=desc'));
  });

  it('shows an exact match in another folder, and where it is, instead of a bare "no match"', async () => {
    const spamRow = { ...list().rows[0]!, id: 's1', reference: 'APP-SPAM2345', fullName: 'Meera Iyer', spam: true, status: 'new', folder: 'spam' };
    const calls = stubFetch(() => json(list({ rows: [], total: 0, pages: 1, page: 1, found: [spamRow] })));
    renderAt('/admin/applications?q=spam2345');
    const found = await screen.findByRole('region', { name: 'Found by reference or e-mail' });
    expect(calls[0]!.url).toBe('/api/admin/applications?q=spam2345');
    expect(found.textContent).toContain('Meera Iyer');
    expect(found.textContent).toContain('In Suspected spam (New)');
    expect(within(found).getByRole('link', { name: 'APP-SPAM2345' }).getAttribute('href')).toBe('/admin/applications/s1');
    expect(screen.getByText('No applications match these filters. The exact match is listed above.')).toBeTruthy();
  });

  it('says so when the server refuses the filters', async () => {
    stubFetch(() => json({ error: { code: 'invalid', message: 'Unknown status "x": choose one of new, reviewing.' } }, 400));
    renderAt('/admin/applications?status=x');
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown status');
  });
});

function detail(): ApplicationDetail {
  return {
    id: 'a1',
    reference: 'APP-AAAA2222',
    jobId: 'j1',
    jobTitle: 'Platform Engineer',
    status: 'new',
    statusChangedAt: '2026-11-20T09:30:00Z',
    spam: false,
    spamReasons: '',
    spamReview: '',
    confirmationHeld: false,
    appliedAt: '2026-11-20T09:30:00Z',
    updatedAt: '2026-11-20T09:30:00Z',
    firstName: 'Asha',
    middleName: '',
    lastName: 'Rao',
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+91 9876543210',
    address: '12 Lake Road',
    linkedin: '',
    website: '',
    locationPreference: 'Hyderabad',
    availabilityDate: '2026-12-01',
    workExperiences: [],
    educations: [],
    skills: ['Go'],
    certifications: [],
    coverLetter: '',
    heardFrom: 'Job Board',
    source: 'linkedin',
    eligibleToWork: true,
    willingToRelocate: false,
    voluntary: { gender: '', disabilityStatus: '' },
    withdrawnAt: null,
    nationalIdType: 'PAN',
    nationalIdMasked: '•••• 234K',
    consentVersion: '2026-11-01',
    consentAt: '2026-11-20T09:30:00Z',
    documents: [
      { id: 'resume', label: 'Resume', fileName: 'APP-AAAA2222-resume.pdf', contentType: 'application/pdf' },
    ],
    notes: [],
    statuses: ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'],
  };
}

/** Stubs URL.createObjectURL (jsdom has none) and returns its mock. */
function stubObjectURLs() {
  const save = vi.fn((_: Blob) => 'blob:x');
  vi.stubGlobal(
    'URL',
    class extends URL {
      static createObjectURL = save;
      static revokeObjectURL = vi.fn();
    },
  );
  return save;
}

describe('the export', () => {
  it('shows a refusal in words and saves nothing', async () => {
    const save = stubObjectURLs();
    const message = 'The filters select 12000 applications; an export holds at most 10000. Narrow the filters (job, status or dates) and export again.';
    const calls = stubFetch((url) =>
      url.includes('/export.csv') ? json({ error: { code: 'invalid', message } }, 400) : json(list()),
    );
    renderAt('/admin/applications?status=new');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('link', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Export failed: ${message}`);
    expect(calls.at(-1)).toEqual({ url: '/api/admin/applications/export.csv?status=new', method: 'GET' });
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the CSV under the name the server gave it', async () => {
    const save = stubObjectURLs();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    stubFetch((url) =>
      url.includes('/export.csv')
        ? new Response('Reference\r\nAPP-AAAA2222\r\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="applications-2026-11-25.csv"' },
          })
        : json(list()),
    );
    renderAt('/admin/applications');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('link', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['applications-2026-11-25.csv']));
    expect(await save.mock.calls[0]![0].text()).toBe('Reference\r\nAPP-AAAA2222\r\n');
    expect(screen.queryByRole('alert')).toBeNull();
    click.mockRestore();
  });
});

describe('bulk changes', () => {
  it('moves the ticked applications with the e-mail and says what happened to each', async () => {
    const second = { ...list().rows[0]!, id: 'a2', reference: 'APP-BBBB3333', fullName: 'Ravi Kumar' };
    const bodies: unknown[] = [];
    const calls = stubFetch((url, init) => {
      if (url.endsWith('/applications/bulk')) {
        bodies.push(JSON.parse(String(init.body)));
        return json({
          moved: 1,
          mailed: 1,
          failed: 1,
          results: [
            { id: 'a1', reference: 'APP-AAAA2222', ok: true, changed: true, mailed: true },
            { id: 'a2', reference: 'APP-BBBB3333', ok: false, changed: false, mailed: false, error: 'There is no such application.' },
          ],
        });
      }
      return json(list({ rows: [list().rows[0]!, second] }));
    });
    renderAt('/admin/applications');
    const apply = await screen.findByRole('button', { name: 'Apply to 0 applications' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByRole('button', { name: 'Apply to 2 applications' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select APP-BBBB3333 (Ravi Kumar)'));
    fireEvent.click(screen.getByLabelText('Select APP-BBBB3333 (Ravi Kumar)'));
    // Reject is the first choice, and its e-mail starts ticked.
    expect((screen.getByLabelText('Move to') as HTMLSelectElement).value).toBe('rejected');
    expect((screen.getByLabelText('Notify candidates') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Move to'), { target: { value: 'reviewing' } });
    expect(screen.queryByLabelText('Notify candidates')).toBeNull();
    fireEvent.change(screen.getByLabelText('Move to'), { target: { value: 'interview' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 applications' }));
    const status = await screen.findByText('1 application moved, 1 candidate e-mailed, 1 not changed.');
    expect(status.parentElement!.getAttribute('role')).toBe('status');
    expect(screen.getByText('APP-BBBB3333: There is no such application.')).toBeTruthy();
    expect(bodies).toEqual([{ ids: ['a1', 'a2'], status: 'interview', notify: true }]);
    // The list is loaded again, with nothing ticked.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/admin/applications?') || c.url === '/api/admin/applications').length).toBe(2));
    expect(screen.getByRole('button', { name: 'Apply to 0 applications' })).toBeTruthy();
  });
});

describe('an application', () => {
  it('shows the national ID masked until revealed, and says the reveal was recorded', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/reveal-id') ? json({ type: 'PAN', number: 'ABCPE1234K' }) : json(detail()),
    );
    renderAt('/admin/applications/a1');
    await screen.findByText('•••• 234K');
    expect(document.body.textContent).not.toContain('ABCPE1234K');
    const download = screen.getByRole('link', { name: /^Download/ });
    expect(download.getAttribute('href')).toBe('/api/admin/applications/a1/documents/resume');
    expect(download.getAttribute('download')).toBe('APP-AAAA2222-resume.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'Reveal national ID' }));
    await screen.findByText('ABCPE1234K');
    expect(screen.getByText(/this was recorded in the audit log/)).toBeTruthy();
    // The only change sent (the screen's own reads, such as the candidate e-mails, may come later).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ url: '/api/admin/applications/a1/reveal-id', method: 'POST' }]);
  });

  it('links an admin to the audit log of the application, and not a recruiter', async () => {
    stubFetch(() => json(detail()));
    const admin = { role: 'admin' } as StaffMe;
    renderAt('/admin/applications/a1', admin);
    const link = await screen.findByRole('link', { name: 'Audit log of this application' });
    expect(link.getAttribute('href')).toBe('/audit?subject=APP-AAAA2222');
    cleanup();
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    await screen.findByText('•••• 234K');
    expect(screen.queryByRole('link', { name: 'Audit log of this application' })).toBeNull();
  });

  it('shows the voluntary answers when the server sends them, and why not when it does not', async () => {
    stubFetch(() => json({ ...detail(), voluntary: { gender: 'Female', disabilityStatus: '' } }));
    renderAt('/admin/applications/a1', { role: 'admin' } as StaffMe);
    await screen.findByText('Female');
    expect(screen.getByText('Prefer not to say')).toBeTruthy();
    cleanup();
    stubFetch(() => json({ ...detail(), voluntary: null }));
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    await screen.findByText(/shown to admins only/);
    expect(screen.queryByText('Gender')).toBeNull();
  });

  it('shows the source the applicant came by', async () => {
    stubFetch(() => json(detail()));
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    const label = await screen.findByText('Source');
    expect(label.nextElementSibling?.textContent).toBe('linkedin');
  });

  it('says consent was not asked of an application imported from the original site', async () => {
    stubFetch(() =>
      json({ ...detail(), consentVersion: 'none (imported from the original site, which showed no notice)', consentAt: '0001-01-01T00:00:00Z' }),
    );
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    const label = await screen.findByText('Agreed at');
    expect(label.nextElementSibling?.textContent).toBe('Not asked');
    cleanup();
    stubFetch(() => json(detail()));
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    const agreed = await screen.findByText('Agreed at');
    expect(agreed.nextElementSibling?.textContent).toMatch(/^20 Nov 2026/);
  });

  it('says when the applicant withdrew the application', async () => {
    stubFetch(() => json({ ...detail(), withdrawnAt: '2026-11-25T10:00:00Z' }));
    renderAt('/admin/applications/a1', { role: 'recruiter' } as StaffMe);
    const label = await screen.findByText('Withdrawn');
    expect(label.nextElementSibling?.textContent).toMatch(/^By the applicant, /);
    // Its status stays: no form to change it.
    expect(screen.getByText(/Withdrawn by the applicant, so its status can no longer be changed\.$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update status' })).toBeNull();
  });

  it('erases only after the reference is typed, then returns to the list with a message', async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === 'DELETE') return json({ reference: 'APP-AAAA2222', filesDeleted: true });
      if (url.startsWith('/api/admin/applications?') || url === '/api/admin/applications') return json(list({ rows: [] }));
      return json(detail());
    });
    renderAt('/admin/applications/a1');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase application' }));

    const dialog = screen.getByRole('dialog', { name: 'Erase application APP-AAAA2222?' });
    expect(dialog.textContent).toContain('all its files');
    const confirm = within(dialog).getByRole('button', { name: 'Erase application and files' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const field = within(dialog).getByLabelText(/^Type the reference/);
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'APP-AAAA222' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Cancel closes it and erases nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Erase application' }));

    fireEvent.click(screen.getByRole('button', { name: 'Erase application' }));
    const again = screen.getByRole('dialog');
    fireEvent.change(within(again).getByLabelText(/^Type the reference/), { target: { value: 'app-aaaa2222' } });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Erase application and files' }));
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ url: '/api/admin/applications/a1', method: 'DELETE' }]);
    await waitFor(() => expect(where()).toBe('/admin/applications'));
    expect((await screen.findByText(/and its documents were erased/)).textContent).toBe(
      'Application APP-AAAA2222 and its documents were erased.',
    );
  });

  it('moves the application in the pipeline and keeps a refused note as typed', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (init.body) bodies.push(JSON.parse(String(init.body)));
      if (url.endsWith('/status')) return json({ ...detail(), status: 'interview' });
      if (url.endsWith('/candidate-emails')) {
        return json({ placeholders: [], templates: [{ stage: 'interview', subject: 'Invitation to an interview: {job_title}', body: 'x', default: true }] });
      }
      if (url.endsWith('/notes')) {
        return json({ error: { code: 'invalid', message: 'A note can be at most 5000 characters long.', fields: { body: 'A note can be at most 5000 characters long.' } } }, 422);
      }
      return json(detail());
    });
    renderAt('/admin/applications/a1');
    const status = (await screen.findByLabelText('Status')) as HTMLSelectElement;
    expect(status.value).toBe('new');
    expect(screen.queryByLabelText('Notify the candidate')).toBeNull();
    fireEvent.change(status, { target: { value: 'offer' } });
    expect((screen.getByLabelText('Notify the candidate') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(status, { target: { value: 'interview' } });
    expect((screen.getByLabelText('Notify the candidate') as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('E-mail: “Invitation to an interview: {job_title}”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect((await screen.findByText('Status updated to Interview. The candidate will be e-mailed.')).getAttribute('role')).toBe('status');
    expect(bodies).toEqual([{ status: 'interview', notify: true }]);

    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Call on Tuesday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A note can be at most 5000 characters long.');
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Call on Tuesday');
  });

  it('releases suspected spam with "Not spam" and says the confirmation is on its way', async () => {
    const suspected = { ...detail(), spam: true, spamReasons: 'the hidden field was filled in (people never see it)', confirmationHeld: true };
    const calls = stubFetch((url) =>
      url.endsWith('/not-spam') ? json({ ...suspected, spam: false, spamReview: 'not-spam', confirmationHeld: false }) : json(suspected),
    );
    renderAt('/admin/applications/a1');
    const check = (await screen.findByRole('heading', { name: 'Spam check' })).parentElement!;
    expect(check.textContent).toContain('Suspected on arrival because: the hidden field was filled in (people never see it).');
    expect(check.textContent).toContain('has not been sent the confirmation e-mail');
    fireEvent.click(within(check).getByRole('button', { name: 'Not spam' }));
    expect((await within(check).findByRole('status')).textContent).toBe(
      'Moved out of Suspected spam. The confirmation e-mail is on its way to asha@example.com.',
    );
    // The only change sent (the screen's own reads, such as the candidate e-mails, may come later).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ url: '/api/admin/applications/a1/not-spam', method: 'POST' }]);
    expect(within(check).queryByRole('button', { name: 'Not spam' })).toBeNull();
    expect(within(check).getByRole('button', { name: 'Spam' })).toBeTruthy();
    expect(check.textContent).toContain('Marked not spam by staff.');
  });

  it('marks an application as spam, which sends nothing', async () => {
    const calls = stubFetch((url) => (url.endsWith('/spam') ? json({ ...detail(), spam: true, spamReview: 'spam' }) : json(detail())));
    renderAt('/admin/applications/a1');
    const check = (await screen.findByRole('heading', { name: 'Spam check' })).parentElement!;
    expect(within(check).queryByRole('button', { name: 'Not spam' })).toBeNull();
    fireEvent.click(within(check).getByRole('button', { name: 'Spam' }));
    expect((await within(check).findByRole('status')).textContent).toBe('Marked as spam. No e-mail is sent.');
    // The only change sent (the screen's own reads, such as the candidate e-mails, may come later).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ url: '/api/admin/applications/a1/spam', method: 'POST' }]);
    expect(within(check).queryByRole('button', { name: 'Spam' })).toBeNull();
    expect(within(check).getByRole('button', { name: 'Not spam' })).toBeTruthy();
  });

  it('keeps the dialog open with the reason when the erase fails', async () => {
    stubFetch((_url, init) =>
      init.method === 'DELETE' ? json({ error: { code: 'internal', message: 'Internal error.' } }, 500) : json(detail()),
    );
    renderAt('/admin/applications/a1');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase application' }));
    fireEvent.change(screen.getByLabelText(/^Type the reference/), { target: { value: 'APP-AAAA2222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase application and files' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Internal error.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(where()).toBe('/admin/applications/a1');
  });
});
