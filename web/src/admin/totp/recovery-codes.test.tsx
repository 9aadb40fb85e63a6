import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin, stubApi } from '../test-utils';
import { RecoveryCodesScreen } from './recovery-codes';
import { TwoStepSetup } from './two-step-setup';

const codes = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

describe('recovery codes', () => {
  it('lets the member go on only after saying the codes are saved', () => {
    const onContinue = vi.fn();
    renderAdmin(<RecoveryCodesScreen codes={codes} onContinue={onContinue} />);
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(next);
    expect(onContinue).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('I have saved these codes'));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('copies the codes', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAdmin(<RecoveryCodesScreen codes={codes} onContinue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByText('Codes copied.')).toBeTruthy();
    const copied = (writeText.mock.calls[0] as unknown as [string])[0];
    for (const c of codes) expect(copied).toContain(c);
  });

  it('turns two-step sign-in on with a code from the app, then shows the codes', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/totp/begin') return { body: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } };
      if (c.path === '/totp/confirm') return { body: { codes } };
      return undefined;
    });
    renderAdmin(<TwoStepSetup onDone={() => {}} />);
    const img = (await screen.findByAltText(/QR code/)) as HTMLImageElement;
    expect(img.src.startsWith('data:image/svg+xml')).toBe(true);
    fireEvent.change(screen.getByLabelText('Authentication code', { exact: false }), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('6-digit');
    fireEvent.change(screen.getByLabelText('Authentication code', { exact: false }), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/totp/confirm')?.body).toEqual({ code: '123456' });
  });
});
