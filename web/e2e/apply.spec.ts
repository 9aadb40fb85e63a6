import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openHydrated, openJobs } from './helpers';

test('screenshot scratch', async ({ page, request }, info) => {
  const [job] = await openJobs(request);
  await openHydrated(page, `/apply/${job!.id}`);
  const n = info.project.name;
  await page.screenshot({ path: `/tmp/wtweb-shots/top-${n}.png` });
  await page.getByLabel('Skill', { exact: true }).fill('React');
  await page.getByRole('button', { name: 'Add skill' }).click();
  await page.getByLabel('Skill', { exact: true }).fill('Go');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add Certification' }).click();
  await page.getByLabel('Certification Document').setInputFiles({ name: 'aws.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await page.getByRole('button', { name: 'Add Work Experience' }).click();
  await page.locator('#apply-section-skills').screenshot({ path: `/tmp/wtweb-shots/skills-${n}.png` });
  await page.locator('#apply-section-certifications').screenshot({ path: `/tmp/wtweb-shots/certs-${n}.png` });
  await page.locator('#apply-section-work').screenshot({ path: `/tmp/wtweb-shots/work-${n}.png` });
  await page.locator('#apply-section-personal').screenshot({ path: `/tmp/wtweb-shots/personal-${n}.png` });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeFocused();
  await page.screenshot({ path: `/tmp/wtweb-shots/errors-${n}.png` });
  await page.locator('#apply-section-documents').screenshot({ path: `/tmp/wtweb-shots/docs-err-${n}.png` });
});
