import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openHydrated } from './helpers';

test.describe('desktop header', { tag: '@desktop-only' }, () => {

  test('links, current page and Services dropdown on hover', async ({ page }) => {
    await openHydrated(page, '/');
    const header = page.locator('header');
    for (const name of ['Home', 'About', 'Career', 'Technologies', 'More (FAQ)', 'Contact Us']) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    const trigger = header.getByRole('button', { name: 'Services' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
    for (const [name, href] of [
      ['Custom Software Development', '/service1'],
      ['Cloud Computing Solutions', '/service2'],
      ['IT Consulting Services', '/service3'],
    ]) {
      await expect(panel.getByRole('link', { name: new RegExp(name!) })).toHaveAttribute('href', href!);
    }
    const list = panel.locator('ul');
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
    // Mouse leaves: closes.
    await page.mouse.move(5, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('Services closes on a press outside and on Escape', async ({ page }) => {
    await openHydrated(page, '/');
    const trigger = page.locator('header').getByRole('button', { name: 'Services' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(600, 700);
    await page.mouse.down();
    await page.mouse.up();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('phone header', { tag: '@phone-only' }, () => {

  test('Menu opens a full-screen overlay with every link and closes', async ({ page }) => {
    await openHydrated(page, '/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    expect(box?.height).toBeGreaterThanOrEqual(800);
    for (const name of ['Home', 'About', 'Career', 'Technologies', 'More (FAQ)', 'Contact Us']) {
      await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    // Services expands inline.
    const services = dialog.getByRole('button', { name: 'Services' });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: /IT Consulting Services/ })).toBeVisible();
    await services.click();
    await expect(dialog.getByRole('link', { name: /IT Consulting Services/ })).toBeHidden();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('choosing a link closes the overlay', async ({ page }) => {
    await openHydrated(page, '/job/no-such-job');
    await page.getByRole('button', { name: 'Menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});
