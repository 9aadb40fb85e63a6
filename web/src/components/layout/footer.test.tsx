import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { Footer } from './footer';

const refund = "Currently, we don't have any refund policies.";

describe('Footer', () => {
  it('hides the refund note by default (site.json showRefundNote is false)', () => {
    renderWithProviders(<Footer />);
    expect(screen.queryByText(refund)).toBeNull();
  });

  it('shows the refund note when the flag is on', () => {
    renderWithProviders(<Footer showRefundNote />);
    expect(screen.getByText(refund)).toBeTruthy();
  });

  it('shows the copyright line', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('© 2021 Nimbus Grove Technologies. All rights reserved.')).toBeTruthy();
  });

  it('opens social links in a new tab, each with a name', () => {
    renderWithProviders(<Footer />);
    for (const name of ['Twitter', 'Instagram', 'Facebook', 'LinkedIn']) {
      const link = screen.getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('links services, quick links, contact and legal pages', () => {
    renderWithProviders(<Footer />);
    const services = screen.getByRole('navigation', { name: 'Services' });
    expect(within(services).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/service1',
      '/service2',
      '/service3',
    ]);
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(quick).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Technology', '/technologies'],
      ['Careers', '/career'],
    ]);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'hello@nimbusgrove.example' }).getAttribute('href')).toBe(
      'mailto:hello@nimbusgrove.example',
    );
    expect(screen.getByRole('link', { name: '+91 00000 00000' }).getAttribute('href')).toBe('tel:+910000000000');
    expect(screen.getByText(/Uppal/).textContent).toContain('Hyderabad, Telangana 500039');
  });
});
