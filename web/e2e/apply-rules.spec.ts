import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { CONSENT_VERSION } from '../src/gen/apply-rules';
import { base, inAMonth, openHydrated, openJobs } from './helpers';

// The form and the server judge an application by one rules table. Here
// the same wrong answers go both ways: typed into the form in Chromium,
// and sent straight to the running server (as a script could, skipping
// the form). Each must be refused, with the same words at the same field.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A complete, valid application as JSON (the "application" part). */
function validRequest(email: string) {
  return {
    firstName: 'Ravi', middleName: '', lastName: 'Kumar', fullName: 'Ravi Kumar', email,
    phoneCountryCode: '+91', phoneNumber: '9876543210', address: '7 Station Road, Hyderabad',
    linkedin: '', website: '', locationPreference: 'Hyderabad', availabilityDate: inAMonth(),
    workExperiences: [], educations: [], skills: [], certifications: [], coverLetter: '',
    heardFrom: 'Referral', eligibleToWork: false, willingToRelocate: false, gender: '', disabilityStatus: '',
    nationalIdType: 'PAN', nationalIdNumber: 'ABCPE1234K', consent: true, consentVersion: '',
    homepage: '', elapsedMs: 60_000,
  };
}

interface RuleCase {
  name: string;
  path: string; // the field's path (the form's id is apply-<path with dashes>)
  json: Record<string, unknown>; // what the request carries instead
  fill: (page: Page) => Promise<void>; // the same answer, typed into the form
}

const cases: RuleCase[] = [
  { name: 'e-mail without a domain', path: 'email', json: { email: 'ravi@example' }, fill: (p) => field(p, 'Email').fill('ravi@example') },
  { name: 'LinkedIn with a javascript: address', path: 'linkedin', json: { linkedin: 'javascript:alert(1)' }, fill: (p) => field(p, 'LinkedIn').fill('javascript:alert(1)') },
  {
    name: 'phone number of the wrong length for the country chosen',
    path: 'phoneNumber',
    json: { phoneCountry: 'GB', phoneNumber: '7911 1234' },
    fill: async (p) => {
      await field(p, 'Country Code').selectOption('GB');
      await field(p, 'Phone Number').fill('7911 1234');
    },
  },
  { name: 'website with another scheme', path: 'website', json: { website: 'ftp://ravi.example' }, fill: (p) => field(p, 'Website').fill('ftp://ravi.example') },
  { name: 'PAN in the wrong shape', path: 'nationalIdNumber', json: { nationalIdNumber: 'ABCDE12345' }, fill: (p) => field(p, 'National ID Number').fill('ABCDE12345') },
  {
    name: 'Aadhaar with a wrong check digit',
    path: 'nationalIdNumber',
    json: { nationalIdType: 'Aadhar', nationalIdNumber: '234567890125' },
    fill: async (p) => {
      await field(p, 'National ID Type').selectOption('Aadhar');
      await field(p, 'National ID Number').fill('234567890125');
    },
  },
  {
    name: 'availability date in the past',
    path: 'availabilityDate',
    json: { availabilityDate: '2020-01-01' },
    fill: (p) => field(p, 'Availability Date').fill('2020-01-01'),
  },
  {
    name: 'CGPA above 10',
    path: 'educations.0.score',
    json: {
      educations: [{ level: "Master's", institution: 'IIIT Hyderabad', boardName: '', degree: 'M.Tech', fieldOfStudy: 'CS', location: 'Telangana', graduationDate: '2019-06-30', scoreType: 'cgpa', score: '10.5' }],
    },
    fill: async (p) => {
      await field(p, 'Level').selectOption("Master's");
      await field(p, 'Institution').fill('IIIT Hyderabad');
      await field(p, 'Degree').fill('M.Tech');
      await field(p, 'Field of Study').fill('CS');
      await field(p, 'Location').selectOption('Telangana');
      await field(p, 'Graduation Date').fill('2019-06-30');
      await field(p, 'Score Type').selectOption('cgpa');
      await field(p, 'Score').fill('10.5');
    },
  },
  {
    name: '12th without a board name',
    path: 'educations.0.boardName',
    json: {
      educations: [{ level: '12th', institution: 'Narayana Junior College', boardName: '', degree: '', fieldOfStudy: '', location: 'Telangana', graduationDate: '2014-04-30', scoreType: 'percentage', score: '91' }],
    },
    fill: async (p) => {
      await field(p, 'Level').selectOption('12th');
      await field(p, 'Institution').fill('Narayana Junior College');
      await field(p, 'Location').selectOption('Telangana');
      await field(p, 'Graduation Date').fill('2014-04-30');
      await field(p, 'Score Type').selectOption('percentage');
      await field(p, 'Score').fill('91');
    },
  },
  {
    name: 'work experience that ends before it starts',
    path: 'workExperiences.0.endDate',
    json: { workExperiences: [{ jobTitle: 'Analyst', companyName: 'Delta Soft', startDate: '2022-05-01', endDate: '2021-05-01', responsibilities: '' }] },
    fill: async (p) => {
      await field(p, 'Job Title').fill('Analyst');
      await field(p, 'Company Name').fill('Delta Soft');
      await field(p, 'Start Date').fill('2022-05-01');
      await field(p, 'End Date').fill('2021-05-01');
    },
  },
];

for (const c of cases) {
  test(`the form and the server refuse the same way: ${c.name}`, async ({ page }) => {
    const jobs = await openJobs(page.request);
    const job = jobs[0]!;

    // Straight to the server: refused before any document is read.
    const body = { ...validRequest(`rules-${c.path}@example.com`), ...c.json, consentVersion: CONSENT_VERSION };
    const res = await page.request.post(`${base()}/api/jobs/${job.id}/applications`, {
      multipart: { application: JSON.stringify(body) },
    });
    expect(res.status()).toBe(422);
    const fields = ((await res.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};
    const serverSays = fields[c.path];
    expect(serverSays, `server fields: ${JSON.stringify(fields)}`).toBeTruthy();
    expect(Object.keys(fields)).toEqual([c.path]);

    // The same answer in the form.
    await openHydrated(page, `/apply/${job.id}`);
    await field(page, 'First Name').fill('Ravi');
    await field(page, 'Last Name').fill('Kumar');
    await field(page, 'Full Name').fill('Ravi Kumar');
    await field(page, 'Email').fill('ravi.kumar@example.com');
    await field(page, 'Phone Number').fill('9876543210');
    await field(page, 'Address').fill('7 Station Road, Hyderabad');
    await field(page, 'Availability Date').fill(inAMonth());
    await field(page, 'How did you hear about us?').selectOption('Referral');
    await field(page, 'National ID Type').selectOption('PAN');
    await field(page, 'National ID Number').fill('ABCPE1234K');
    await c.fill(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const error = page.locator(`#apply-${c.path.replaceAll('.', '-')}-error`);
    await expect(error).toHaveText(serverSays!);
    await expect(page.getByRole('region', { name: 'There is a problem' }).getByRole('link', { name: new RegExp(`: ${escapeRegExp(serverSays!)}$`) })).toBeVisible();
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
