import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft, DraftStore } from '../features/apply/draft-store';
import { emptyFiles, emptyValues } from '../features/apply/form-state';
import type { Job } from '../gen/wire';
import { renderApp } from '../test/render-app';

// jsdom has no IndexedDB: a test that needs drafts puts an in-memory store here.
const drafts = vi.hoisted(() => ({ store: null as DraftStore | null }));
vi.mock('../features/apply/draft-store', async (original) => ({
  ...(await original<typeof import('../features/apply/draft-store')>()),
  browserDraftStore: () => drafts.store,
}));

/** Drafts in memory, as the IndexedDB store gives them back. */
function memoryStore(initial: Record<string, Draft> = {}): DraftStore & { saved: Record<string, Draft> } {
  const saved = { ...initial };
  return {
    saved,
    load: async (jobId) => saved[jobId] ?? null,
    save: async (jobId, d) => {
      saved[jobId] = d;
    },
    clear: async (jobId) => {
      delete saved[jobId];
    },
  };
}

const job: Job = {
  id: 'cloud',
  jobTitle: 'Cloud Engineer',
  experience: '3-5',
  location: 'Bengaluru',
  locationAliases: ['Bangalore'],
  workplace: 'onsite',
  postedDaysAgo: 0,
  description: '<p>Clouds.</p>',
  applicationsOpen: true,
  pageTitle: 'Cloud Engineer – Bengaluru | Nimbus Grove Technologies',
  createdAt: '2026-11-01T00:00:00Z',
};

const api = { '/api/jobs/cloud': { data: job } };
/** The job, and the (empty) list of open positions that /jobs shows after an application. */
const withJobs = { ...api, '/api/jobs/search': { data: { jobs: [], total: 0, locations: [], workplaces: [], departments: [], location: '' } } };

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
/** Types into a field (the input event, as a browser sends), or picks an option of a select (its change event). */
const type = (name: string, value: string) => {
  const el = field(name) as HTMLElement;
  if (el instanceof HTMLSelectElement) fireEvent.change(el, { target: { value } });
  else fireEvent.input(el, { target: { value } });
};
const choose = (name: string, f: File) => fireEvent.change(field(name), { target: { files: [f] } });
const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

function fillRequired() {
  type('First Name', 'Asha');
  type('Last Name', 'Rao');
  type('Full Name', 'Asha Rao');
  type('Email', 'asha@example.com');
  type('Phone Number', '98765 43210');
  type('Address', '1 Lake Road, Hyderabad');
  type('Availability Date', '2026-12-01');
  type('How did you hear about us?', 'Job Board');
  type('National ID Type', 'PAN');
  type('National ID Number', 'ABCDE1234F');
  choose('Resume', pdf());
  choose('National ID Document', pdf('id.pdf'));
  fireEvent.click(field('I agree that my application is used as described above.'));
}

/** An XMLHttpRequest that records the request and answers with status and body. */
function fakeXHR(status: number, body: unknown) {
  const sent: { url?: string; headers: Record<string, string>; body?: FormData } = { headers: {} };
  class FakeXHR {
    upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
    status = 0;
    responseText = '';
    onload: null | (() => void) = null;
    onerror: null | (() => void) = null;
    onabort: null | (() => void) = null;
    open(_m: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(k: string, v: string) {
      sent.headers[k] = v;
    }
    abort() {}
    send(b: FormData) {
      sent.body = b;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 200 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  return sent;
}

describe('Apply page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    drafts.store = null;
  });

  it("is titled for the job and starts at the job's location with India (+91)", async () => {
    renderApp('/apply/cloud', { api });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Apply for Cloud Engineer');
    expect(field('Location preference').value).toBe('Bangalore');
    const country = field('Country Code') as unknown as HTMLSelectElement;
    expect(country.value).toBe('IN');
    expect(country.selectedOptions[0]!.textContent).toBe('India (+91)');
    expect(country.options.length).toBeGreaterThan(200);
    expect(screen.getByRole('group', { name: 'Personal details' })).toBeTruthy();
    expect(field('Resume').getAttribute('accept')).toBe('.pdf,.doc,.docx');
    expect(field('National ID Document').getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png');
    expect(screen.getByText('We keep your application and its documents for 180 days, then delete them.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Apply for Cloud Engineer | Nimbus Grove Technologies'));
  });

  it("checks the phone number's length for the country chosen, and sends the country's calling code", async () => {
    const sent = fakeXHR(201, { reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' });
    renderApp('/apply/cloud', { api: withJobs });
    fillRequired();
    type('Country Code', 'GB');
    type('Phone Number', '7911 1234');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    expect(screen.getByRole('link', { name: 'Phone Number: A phone number in the United Kingdom has 9 or 10 digits.' })).toBeTruthy();
    expect(sent.body).toBeUndefined();
    type('Phone Number', '07911 123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await screen.findByRole('heading', { level: 2, name: 'Application submitted successfully!' });
    const request = JSON.parse(sent.body!.get('application') as string);
    expect(request).toMatchObject({ phoneCountry: 'GB', phoneCountryCode: '+44', phoneNumber: '7911123456' });
  });

  it('renders only the field typed into on a key press, not the rest of the form', () => {
    renderApp('/apply/cloud', { api });
    type('Responsibilities', 'Ran the build');
    const controls = ['input', 'textarea', 'select', 'option'];
    const rendered: string[] = [];
    const before = options.diffed;
    options.diffed = (vnode: VNode) => {
      const props = vnode.props as { id?: string; value?: string };
      if (typeof vnode.type === 'string' && controls.includes(vnode.type)) rendered.push(`${vnode.type}#${props.id ?? props.value ?? ''}`);
      before?.(vnode);
    };
    try {
      type('First Name', 'A');
      type('Responsibilities', 'Ran the build and the tests');
    } finally {
      options.diffed = before;
    }
    // The honeypot is no field of the form's state; it renders with the form.
    expect(rendered.filter((r) => r !== 'input#apply-homepage')).toEqual(['input#apply-firstName', 'textarea#apply-workExperiences-0-responsibilities']);
    expect(field('First Name').value).toBe('A');
    expect(field('Responsibilities').value).toBe('Ran the build and the tests');
  });

  it('drops non-digits from the phone number as they are typed', () => {
    renderApp('/apply/cloud', { api });
    type('Phone Number', '+44 (0)20-7946');
    expect(field('Phone Number').value).toBe('440207946');
  });

  it('asks for a board name at 10th and 12th, a degree and field otherwise; a new score type clears the score', () => {
    renderApp('/apply/cloud', { api });
    type('Level', '12th');
    expect(screen.queryByLabelText('Degree')).toBeNull();
    expect(field('Board Name')).toBeTruthy();
    type('Level', "Master's");
    expect(screen.queryByLabelText('Board Name')).toBeNull();
    expect(field('Field of Study')).toBeTruthy();
    type('Score', '88.5');
    expect(field('Score').max).toBe('100');
    type('Score Type', 'cgpa');
    expect(field('Score').value).toBe('');
    expect(field('Score').max).toBe('10');
  });

  it('adds and removes entries; the first cannot be removed', () => {
    renderApp('/apply/cloud', { api });
    expect(screen.queryByRole('button', { name: /^Remove Work experience/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Work Experience' }));
    expect(screen.getAllByLabelText('Job Title')).toHaveLength(2);
    expect(document.activeElement?.id).toBe('apply-workExperiences-1-jobTitle');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Work experience 2' }));
    expect(screen.getAllByLabelText('Job Title')).toHaveLength(1);

    fireEvent.input(field('Skills'), { target: { value: 'Kubernetes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kubernetes' }));
    expect(screen.queryByText('Kubernetes')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Certification' }));
    expect(field('Certification Name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Certification 1' }));
    expect(screen.queryByLabelText('Certification Name')).toBeNull();
  });

  it('refuses a wrong file at once and says why', () => {
    renderApp('/apply/cloud', { api });
    choose('Resume', new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(field('Resume').getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById('apply-resume-error')!.textContent;
    expect(message).toContain('PDF, DOC or DOCX');
    expect(field('Resume').getAttribute('aria-describedby')).toBe('apply-resume-hint apply-resume-error');
  });

  it('lists every problem at the top, in form order, each a link that focuses its field', async () => {
    renderApp('/apply/cloud', { api });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const title = screen.getByRole('heading', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const links = within(screen.getByRole('region', { name: 'There is a problem' })).getAllByRole('link');
    expect(links[0]!.textContent).toMatch(/^First Name: /);
    expect(links.at(-1)!.textContent).toMatch(/^Consent: /);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    const email = links.find((l) => l.textContent?.startsWith('Email:'))!;
    fireEvent.click(email);
    expect(document.activeElement).toBe(field('Email'));
  });

  it('sends one multipart request with the idempotency key, then goes to /jobs, which confirms it above the open positions', async () => {
    const sent = fakeXHR(201, { reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' });
    renderApp('/apply/cloud', { api: withJobs });
    fillRequired();
    type('LinkedIn', 'linkedin.com/in/asha-rao');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Application submitted successfully!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // On /jobs: its banner and the open positions follow the confirmation.
    const banner = screen.getByRole('heading', { level: 1, name: 'Open Positions' });
    expect(heading.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Search open positions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('application-reference').textContent).toBe('APP-7KQ2M4XD');
    expect(screen.getByText('We have received your application for Cloud Engineer.')).toBeTruthy();
    expect(screen.getByText('asha@example.com').parentElement!.textContent).toBe('We sent a copy to asha@example.com.');
    expect(screen.getByRole('link', { name: 'Back to the job description' }).getAttribute('href')).toBe('/job/cloud');
    expect(screen.getByRole('link', { name: 'Browse other open positions' }).getAttribute('href')).toBe('#job-search-title');
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Open Positions | Nimbus Grove Technologies'));
    expect(sent.url).toBe('/api/jobs/cloud/applications');
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect([...sent.body!.keys()]).toEqual(['application', 'resume', 'nationalIdDocument']);
    const request = JSON.parse(sent.body!.get('application') as string);
    expect(request).toMatchObject({
      firstName: 'Asha',
      phoneCountry: 'IN',
      phoneCountryCode: '+91',
      phoneNumber: '9876543210',
      linkedin: 'https://linkedin.com/in/asha-rao',
      locationPreference: 'Bangalore',
      consent: true,
      homepage: '',
    });
    expect(request.workExperiences).toEqual([]);
  });

  it('on failure says so in words, keeps everything and sends again with the same key', async () => {
    const first = fakeXHR(500, { error: { code: 'internal', message: 'Internal error.' } });
    renderApp('/apply/cloud', { api });
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error submitting application: Internal error.'));
    expect(field('First Name').value).toBe('Asha');
    const again = fakeXHR(422, { error: { code: 'invalid', message: 'Check the form.', fields: { 'workExperiences.0.jobTitle': 'Enter a job title.' } } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    // The key is chosen after the content's fingerprint is taken (asynchronous): wait for the request.
    await waitFor(() => expect(again.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']));
    // A field the server names that the browser's rules passed (it knows more, e.g. a changed notice).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Work experience 1: Job Title: Enter a job title.' })).toBeTruthy());
  });

  it('counts the time spent from when the application was started, before a reload too', async () => {
    const startedAt = Date.now() - 10 * 60_000;
    const values = {
      ...emptyValues('Bangalore'),
      firstName: 'Asha',
      lastName: 'Rao',
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
      address: '1 Lake Road, Hyderabad',
      availabilityDate: '2026-12-01',
      heardFrom: 'Job Board',
      nationalIdType: 'PAN',
    };
    drafts.store = memoryStore({ cloud: { values, files: { ...emptyFiles(), resume: pdf() }, idempotencyKey: 'a'.repeat(32), startedAt } });
    const sent = fakeXHR(201, { reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' });
    renderApp('/apply/cloud', { api: withJobs });
    await waitFor(() => expect(screen.getByText('We restored your draft from this device.')).toBeTruthy());
    expect(screen.getByText('For your safety, enter your ID number and attach your ID document again.')).toBeTruthy();
    expect(field('First Name').value).toBe('Asha');
    type('National ID Number', 'ABCDE1234F');
    choose('National ID Document', pdf('id.pdf'));
    fireEvent.click(field('I agree that my application is used as described above.'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(screen.getByText('Application submitted successfully!')).toBeTruthy());
    const request = JSON.parse(sent.body!.get('application') as string);
    expect(request.elapsedMs).toBeGreaterThanOrEqual(600_000);
    expect(request.elapsedMs).toBeLessThan(600_000 + 60_000);
  });

  it('sends an edited retry with a new key: the server would answer the old key with the first result', async () => {
    const first = fakeXHR(500, { error: { code: 'internal', message: 'Internal error.' } });
    renderApp('/apply/cloud', { api });
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error submitting application: Internal error.'));
    type('Middle Name', 'Kumari');
    const edited = fakeXHR(500, { error: { code: 'internal', message: 'Internal error.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(edited.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/));
    expect(edited.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
    // The button reads "Submit Application" again once that answer is in (it says "Submitting..." until then).
    await screen.findByRole('button', { name: 'Submit Application' });
    // And that new key stays for an unchanged retry.
    const again = fakeXHR(500, { error: { code: 'internal', message: 'Internal error.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(again.headers['Idempotency-Key']).toBe(edited.headers['Idempotency-Key']));
  });

  it('after a reload, a draft sent with other content than now gets a new key', async () => {
    const values = { ...emptyValues('Bangalore'), firstName: 'Asha' };
    const draft = { values, files: emptyFiles(), idempotencyKey: 'b'.repeat(32), sentFingerprint: 'what was sent before', startedAt: Date.now() };
    drafts.store = memoryStore({ cloud: draft });
    const sent = fakeXHR(500, { error: { code: 'internal', message: 'Internal error.' } });
    renderApp('/apply/cloud', { api });
    await waitFor(() => expect(screen.getByText('We restored your draft from this device.')).toBeTruthy());
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/));
    expect(sent.headers['Idempotency-Key']).not.toBe('b'.repeat(32));
  });

  it('once stored, a draft that could not be cleared is neither restored nor its key sent again', async () => {
    const store = memoryStore();
    let clears = 0;
    store.clear = async (jobId) => {
      clears++;
      if (clears === 1) throw new Error('QuotaExceededError'); // the clear after the success fails
      delete store.saved[jobId];
    };
    drafts.store = store;
    const first = fakeXHR(201, { reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' });
    const jobsApi = withJobs;
    const view = renderApp('/apply/cloud', { api: jobsApi });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Application' }).hasAttribute('disabled')).toBe(false));
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(screen.getByText('Application submitted successfully!')).toBeTruthy());
    expect(store.saved.cloud?.idempotencyKey).toBe(first.headers['Idempotency-Key']); // the draft outlived the success
    view.unmount();

    // Back at the form (the same tab, or after a reload): the draft goes, the form starts empty.
    renderApp('/apply/cloud', { api: jobsApi });
    await waitFor(() => expect(clears).toBe(2));
    expect(store.saved.cloud).toBeUndefined();
    expect(screen.queryByText('We restored your draft from this device.')).toBeNull();
    expect(field('First Name').value).toBe('');
    const second = fakeXHR(201, { reference: 'APP-7KQ2M4XE', updated: true, jobTitle: 'Cloud Engineer' });
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await waitFor(() => expect(second.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/));
    expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('sends the source the visit came with (?src= or ?utm_source=), lower-cased, and none without one', async () => {
    sessionStorage.clear();
    const sent = fakeXHR(201, { reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' });
    const view = renderApp('/apply/cloud?utm_source=LinkedIn', { api: withJobs });
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await screen.findByRole('heading', { level: 2, name: 'Application submitted successfully!' });
    expect(JSON.parse(sent.body!.get('application') as string)).toMatchObject({ source: 'linkedin' });
    view.unmount();

    sessionStorage.clear();
    const plain = fakeXHR(201, { reference: 'APP-7KQ2M4XE', updated: false, jobTitle: 'Cloud Engineer' });
    renderApp('/apply/cloud', { api: withJobs });
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' })));
    await screen.findByRole('heading', { level: 2, name: 'Application submitted successfully!' });
    expect(JSON.parse(plain.body!.get('application') as string)).not.toHaveProperty('source');
  });
});
