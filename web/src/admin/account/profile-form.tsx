// The member's public profile, shown as the author of their posts on the
// blog: display name, bio and a photo (uploaded, cropped square by the
// server). Without a display name they cannot be chosen as an author.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StaffProfile } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { adminGet, adminSend, adminUpload } from '../api';
import { FormField, inputClass } from '../editor/form-field';
import { Alert, messageOf } from '../ui/alert';
import { heading2, primaryButton, secondaryButton } from '../ui/styles';

type Errors = { displayName?: string; bio?: string; image?: string };

export const NAME_MAX = 80;
export const BIO_MAX = 400;

export function ProfileForm() {
  const [profile, setProfile] = useState<StaffProfile | null>(null);
  const [name, setName] = useState('');
  const [bio, setBio] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    adminGet('/account/profile').then(
      (p) => {
        if (!live) return;
        setProfile(p);
        setName(p.displayName);
        setBio(p.bio);
      },
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  /** Runs a change of the profile: its answer is the profile as stored. */
  async function change(what: () => Promise<StaffProfile>, message: string) {
    setError(null);
    setDone('');
    setErrors({});
    setBusy(true);
    try {
      const p = await what();
      setProfile(p);
      setDone(message);
      return true;
    } catch (e) {
      const fields = e instanceof ApiRequestError ? e.fields : {};
      if (fields.displayName || fields.bio || fields.image) {
        setErrors({ displayName: fields.displayName, bio: fields.bio, image: fields.image });
      } else {
        setError(messageOf(e));
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (await change(() => adminSend('PUT', '/account/profile', { displayName: name, bio }), 'Your profile is saved. Your posts show it now.')) {
      setName((n) => n.trim());
    }
  }

  async function upload() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setErrors({ image: 'Choose a photo to upload.' });
      return;
    }
    const data = new FormData();
    data.append('image', file);
    if (await change(() => adminUpload('/account/profile/photo', data), 'Your photo is uploaded.')) {
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const photo = profile?.photo ?? [];
  const shown = photo.find((v) => v.width >= 96) ?? photo[photo.length - 1];

  return (
    <section className="space-y-3" aria-labelledby="account-profile">
      <h2 id="account-profile" className={heading2}>
        Public profile
      </h2>
      <p className="text-sm text-slate-700">
        Shown on the blog as the author of your posts. With a display name you can be chosen as a post’s author.
      </p>
      {!profile && !error && <p className="text-sm text-slate-600">Loading your profile…</p>}
      {profile && (
        <>
          <form className="space-y-4" onSubmit={save} noValidate aria-labelledby="account-profile">
            <FormField id="profile-displayName" label="Display name" help={`The name readers see, as you want it written. At most ${NAME_MAX} characters.`} error={errors.displayName}>
              {(p) => (
                <input {...p} name="display-name" autoComplete="name" maxLength={NAME_MAX} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
              )}
            </FormField>
            <FormField id="profile-bio" label="Bio" help={`A few sentences about you, as plain text. At most ${BIO_MAX} characters.`} error={errors.bio}>
              {(p) => <textarea {...p} rows={4} maxLength={BIO_MAX} className={inputClass} value={bio} onChange={(e) => setBio(e.target.value)} />}
            </FormField>
            <button type="submit" className={primaryButton} disabled={busy}>
              Save profile
            </button>
          </form>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">Photo</p>
            {shown ? (
              <img src={shown.url} alt="Your current photo" width={96} height={96} className="size-24 rounded-full bg-slate-100 object-cover" />
            ) : (
              <p className="text-sm text-slate-600">No photo.</p>
            )}
            <FormField
              id="profile-photo"
              label="Upload a photo"
              help="A JPEG or PNG, at most 10 MB. It is cropped to a square from the middle; 400 pixels or more a side looks sharp."
              error={errors.image}
            >
              {(p) => (
                <div className="flex flex-wrap items-center gap-2">
                  <input {...p} ref={fileRef} type="file" accept="image/jpeg,image/png,.jpg,.jpeg,.png" className="max-w-full text-sm" />
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void upload()}>
                    Upload photo
                  </button>
                  {photo.length > 0 && (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy}
                      onClick={() => void change(() => adminSend('DELETE', '/account/profile/photo'), 'Your photo is removed.')}
                    >
                      Remove photo
                    </button>
                  )}
                </div>
              )}
            </FormField>
          </div>
        </>
      )}
      <Alert message={error} />
      <p role="status" className="text-sm text-green-800">
        {done}
      </p>
    </section>
  );
}
