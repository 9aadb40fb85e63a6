import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setViewport } from '../../test/dom-stubs';
import { renderWithProviders } from '../../test/render-app';
import { Header } from './header';

function desktopNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

function servicesTrigger() {
  return within(desktopNav()).getByRole('button', { name: 'Services' });
}

function hoverTarget() {
  return servicesTrigger().parentElement!;
}

describe('Header, desktop Services dropdown', () => {
  beforeEach(() => setViewport(1280));

  it('opens on mouse hover from md up and closes on mouse leave', () => {
    renderWithProviders(<Header />);
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
    expect(within(desktopNav()).queryByRole('link', { name: /Cloud Computing Solutions/ })).toBeNull();

    fireEvent.pointerEnter(hoverTarget(), { pointerType: 'mouse' });
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(servicesTrigger().getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: /Custom Software Development/ }).getAttribute('href')).toBe('/service1');
    expect(within(panel).getByRole('link', { name: /Cloud Computing Solutions/ }).getAttribute('href')).toBe('/service2');
    expect(within(panel).getByRole('link', { name: /IT Consulting Services/ }).getAttribute('href')).toBe('/service3');
    expect(within(panel).getByRole('link', { name: /All services/ }).getAttribute('href')).toBe('/services');
    expect(panel.querySelector('ul')?.className).toMatch(/\bmax-h-96\b.*\boverflow-auto\b/);

    fireEvent.pointerLeave(hoverTarget(), { pointerType: 'mouse' });
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('does not open on hover below md, nor on a touch', () => {
    setViewport(700);
    renderWithProviders(<Header />);
    fireEvent.pointerEnter(hoverTarget(), { pointerType: 'mouse' });
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');

    setViewport(1280);
    fireEvent.pointerEnter(hoverTarget(), { pointerType: 'touch' });
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a hover-opened panel open when the trigger is then clicked', () => {
    renderWithProviders(<Header />);
    fireEvent.pointerEnter(hoverTarget(), { pointerType: 'mouse' });
    fireEvent.click(servicesTrigger());
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(servicesTrigger());
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles on click and closes on a press outside', () => {
    renderWithProviders(<Header />);
    fireEvent.click(servicesTrigger());
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerDown(servicesTrigger());
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerDown(document.body);
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and returns focus to the trigger', () => {
    renderWithProviders(<Header />);
    servicesTrigger().focus();
    fireEvent.click(servicesTrigger());
    const panel = document.getElementById(servicesTrigger().getAttribute('aria-controls')!)!;
    const link = within(panel).getByRole('link', { name: /Cloud Computing Solutions/ });
    link.focus();

    fireEvent.keyDown(link, { key: 'Escape' });
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(servicesTrigger());
  });

  it('closes and navigates when an item is chosen', () => {
    renderWithProviders(<Header />);
    fireEvent.click(servicesTrigger());
    fireEvent.click(within(desktopNav()).getByRole('link', { name: /IT Consulting Services/ }));
    expect(screen.getByTestId('location').textContent).toBe('/service3');
    expect(servicesTrigger().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header, current page', () => {
  beforeEach(() => setViewport(1280));

  it('marks the current page link with aria-current', () => {
    renderWithProviders(<Header />, { route: '/about' });
    const nav = desktopNav();
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    expect(within(nav).getByRole('link', { name: 'Contact Us' }).hasAttribute('aria-current')).toBe(false);
  });

  it('highlights the Services trigger on a service page', () => {
    renderWithProviders(<Header />, { route: '/service2' });
    expect(servicesTrigger().classList.contains('text-brand-700')).toBe(true);
    fireEvent.click(servicesTrigger());
    expect(within(desktopNav()).getByRole('link', { name: /Cloud Computing Solutions/ }).getAttribute('aria-current')).toBe('page');
  });

  it('does not highlight the Services trigger elsewhere', () => {
    renderWithProviders(<Header />, { route: '/career' });
    expect(servicesTrigger().classList.contains('text-brand-700')).toBe(false);
  });

  it('links the logo home with the company name', () => {
    renderWithProviders(<Header />, { route: '/career' });
    expect(screen.getByRole('link', { name: /^Nimbus Grove Technologies, home$/ }).getAttribute('href')).toBe('/');
  });
});

describe('Header, mobile menu', () => {
  beforeEach(() => setViewport(390));

  function menuButton() {
    return screen.getByRole('button', { name: 'Menu' });
  }

  it('opens a modal dialog, moves focus into it and locks page scroll', () => {
    renderWithProviders(<Header />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuButton().getAttribute('aria-controls')).toBe(dialog.id);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    for (const name of ['Home', 'About', 'Career', 'Technologies', 'More (FAQ)', 'Contact Us']) {
      expect(within(dialog).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('closes with the close button and returns focus to the Menu button', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes when a link is chosen', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Career' }));
    expect(screen.getByTestId('location').textContent).toBe('/career');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes even when the chosen link is the current page', () => {
    renderWithProviders(<Header />, { route: '/career' });
    fireEvent.click(menuButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Career' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('expands and collapses Services inline', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog');
    const services = within(dialog).getByRole('button', { name: 'Services' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByRole('link', { name: 'Cloud Computing Solutions' })).toBeNull();

    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(dialog).getByRole('link', { name: 'Cloud Computing Solutions' }));
    expect(screen.getByTestId('location').textContent).toBe('/service2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the window grows past md', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    act(() => setViewport(1024));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    renderWithProviders(<Header />);
    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog');
    const contact = within(dialog).getByRole('link', { name: 'Contact Us' });
    contact.focus();
    fireEvent.keyDown(contact, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Nimbus Grove Technologies, home' }));
  });
});
