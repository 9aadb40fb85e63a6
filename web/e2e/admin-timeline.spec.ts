// A recruiter's view of one application, in Chromium against the running
// site at 1280 px and 390 px: the timeline near the top says it was
// received and that the recruiter opened it; a note added shows in it at
// once; the PDF resume previews in a dialog (pdf.js draws a canvas),
// which Escape closes, giving focus back. axe checks the page and the
// dialog. Screenshots are kept in test-results/artifacts.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { addStaff, setUpAccount } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, inAMonth, openJobs, watchErrors } from './helpers';
import { CONSENT_VERSION } from '../src/gen/apply-rules';

// Sign-in hashes passwords, which is slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function axe(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Sends an application through the public API; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  const application = {
    firstName: 'Kavya', middleName: '', lastName: 'Menon', fullName: 'Kavya Menon', email,
    phoneCountryCode: '+91', phoneNumber: '9876543210', address: '4 Hill Street, Kochi',
    linkedin: '', website: '', locationPreference: 'Hyderabad', availabilityDate: inAMonth(),
    workExperiences: [], educations: [], skills: ['Go'], certifications: [], coverLetter: 'I would like to join the platform team.',
    heardFrom: 'Referral', eligibleToWork: true, willingToRelocate: false, gender: '', disabilityStatus: '',
    nationalIdType: 'PAN', nationalIdNumber: 'ABCPE1234K', consent: true, consentVersion: CONSENT_VERSION,
    homepage: '', elapsedMs: 90_000,
  };
  const res = await page.request.post(`${base()}/api/jobs/${job!.id}/applications`, {
    headers: { Origin: base() },
    multipart: {
      application: JSON.stringify(application),
      resume: pdfFile('cv.pdf', 'Kavya Menon: Curriculum vitae'),
      nationalIdDocument: pngFile('pan.png'),
    },
    timeout: 30_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

test('the timeline tells what happened, a note joins it, and the PDF resume previews', async ({ page }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const email = `timeline-${randomBytes(4).toString('hex')}@example.com`;
  const reference = await apply(page, email);
  const { account, link } = addStaff('recruiter', `timeline-${info.project.name}`);
  await setUpAccount(page, link, account);

  await page.goto(`${base()}/admin/applications?q=${reference}`);
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();

  const timeline = page.getByRole('list', { name: 'Events, oldest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Application received');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Opened' })).toContainText(account.email);
  await expect(timeline).toContainText(`E-mail to the applicant`);
  found.push(...(await axe(page, 'the application with its timeline')));

  // A note is added near the top and shows in the timeline.
  await page.getByLabel('Note', { exact: true }).fill('Strong Go answers.\nCall on Tuesday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline.getByRole('listitem').last()).toContainText('Note: Strong Go answers.');
  await page.screenshot({ path: info.outputPath(`timeline-${info.project.name}.png`), fullPage: false });

  // The resume previews: pdf.js draws the page on a canvas.
  const preview = page.getByRole('button', { name: /^Preview\s*Resume$/ });
  await preview.scrollIntoViewIfNeeded();
  await preview.click();
  const dialog = page.getByRole('dialog', { name: 'Preview: Resume' });
  await expect(dialog.getByText('Page 1 of 1')).toBeVisible();
  const canvas = dialog.locator('canvas');
  await expect(canvas).toBeVisible();
  await expect.poll(async () => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  // Something was drawn: not every pixel is the same.
  await expect
    .poll(async () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
        return dark;
      }),
    )
    .toBeGreaterThan(20);
  found.push(...(await axe(page, 'the preview dialog')));
  await page.screenshot({ path: info.outputPath(`preview-${info.project.name}.png`), fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(preview).toBeFocused();

  // The preview was a download, recorded as one: the timeline says so.
  await page.getByRole('button', { name: 'Add note' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Note', { exact: true }).fill('Previewed.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline).toContainText('Downloaded the resume');

  expect(found).toEqual([]);
  // The console asks who is signed in before the sign-in: a 401.
  expect(errors.filter((e) => !/^error: Failed to load resource: the server responded with a status of 401\b/.test(e))).toEqual([]);
});
