import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffProfile } from '../../gen/wire';
import { apiError, renderAdmin, stubApi } from '../test-utils';
import { ProfileForm } from './profile-form';

const saved: StaffProfile = {
  displayName: 'Asha Rao',
  bio: 'Writes about cloud bills.',
  photo: [
    { url: '/photos/p-96.jpg', width: 96, height: 96, webp: '/photos/p-96.webp' },
    { url: '/photos/p-192.jpg', width: 192, height: 192 },
  ],
};

const region = () => screen.getByRole('region', { name: 'Public profile' });

describe('ProfileForm', () => {
  it('shows the saved profile and photo, saves name and bio, and shows a refusal at its field', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/account/profile' && c.method === 'GET') return { body: saved };
      if (c.path === '/account/profile' && c.method === 'PUT') {
        const body = c.body as { displayName: string; bio: string };
        if (body.bio.length > 10) return { status: 422, body: apiError('Please correct the highlighted fields.', { bio: 'Bio must be at most 400 characters.' }) };
        return { body: { ...saved, ...body } };
      }
      return undefined;
    });
    renderAdmin(<ProfileForm />);
    const name = await within(region()).findByLabelText('Display name');
    expect((name as HTMLInputElement).value).toBe('Asha Rao');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Writes about cloud bills.');
    expect(screen.getByRole('img', { name: 'Your current photo' }).getAttribute('src')).toBe('/photos/p-96.jpg');
    expect(name.getAttribute('maxLength')).toBe('80');
    expect(screen.getByLabelText('Bio').getAttribute('maxLength')).toBe('400');

    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'A bio far too long for the stub.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Bio').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Bio').getAttribute('aria-describedby')).toContain('profile-bio-error');
    expect(screen.getByText('Bio must be at most 400 characters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Asha R. ' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Short.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(region()).findByText('Your profile is saved. Your posts show it now.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ displayName: 'Asha R. ', bio: 'Short.' });
    expect(screen.getByLabelText('Bio').getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for a file before uploading, and removes the photo', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/account/profile' && c.method === 'GET') return { body: saved };
      if (c.path === '/account/profile/photo' && c.method === 'DELETE') return { body: { ...saved, photo: [] } };
      return undefined;
    });
    renderAdmin(<ProfileForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload photo' }));
    expect(screen.getByText('Choose a photo to upload.')).toBeTruthy();
    expect(screen.getByLabelText('Upload a photo').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your photo is removed.')).toBeTruthy();
    expect(screen.getByText('No photo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /account/profile', 'DELETE /account/profile/photo']);
  });
});
