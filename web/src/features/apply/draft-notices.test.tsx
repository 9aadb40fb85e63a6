import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftOffer, DraftRestored } from './draft-notices';

describe('draft notices', () => {
  afterEach(cleanup);

  it('offers a draft as a status, with a button to restore it and one to keep what was typed', () => {
    const onRestore = vi.fn();
    const onKeep = vi.fn();
    render(<DraftOffer onRestore={onRestore} onKeep={onKeep} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A draft of this application from an earlier visit is saved on this device.');
    expect(status.textContent).toContain('Restoring it replaces what you have typed on this page.');
    fireEvent.click(screen.getByRole('button', { name: 'Restore the draft' }));
    expect(onRestore).toHaveBeenCalledTimes(1);
    expect(onKeep).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep what I typed' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
  });

  it('says a draft was restored, with a way to start over', () => {
    const onStartOver = vi.fn();
    render(<DraftRestored onStartOver={onStartOver} />);
    expect(screen.getByRole('status').textContent).toContain('We restored your draft from this device.');
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(onStartOver).toHaveBeenCalledTimes(1);
  });
});
