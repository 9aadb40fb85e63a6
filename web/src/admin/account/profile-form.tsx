// The member's public profile, shown as the author of their posts on the
// blog: display name, bio and a photo (uploaded, cropped square by the
// server). Without a display name they cannot be chosen as an author. A
// member sets their own on the account page; an admin sets anyone's on
// the staff screen (a member who left, a name written wrong).
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import type { StaffProfile, StaffProfileInput } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { adminGet, adminPath, adminSend, adminUpload } from '../api';
import { FormField, inputClass } from '../editor/form-field';
import { Alert, messageOf } from '../ui/alert';
import { heading2, primaryButton, secondaryButton } from '../ui/styles';

type Errors = { displayName?: string; bio?: string; image?: string };

export const NAME_MAX = 80;
export const BIO_MAX = 400;

/** Whose profile the form edits: the signed-in member's own, or (for an admin) another member's. */
export interface ProfileMember {
  id: string;
  name: string;
}

/** The calls of one member's profile, and how the form speaks of them. */
interface ProfileOf {
  load(): Promise<StaffProfile>;
  save(input: StaffProfileInput): Promise<StaffProfile>;
  upload(data: FormData): Promise<StaffProfile>;
  removePhoto(): Promise<StaffProfile>;
  words: {
    heading: string;
    lead: string;
    loading: string;
    nameHelp: string;
    bioHelp: string;
    photoAlt: string;
    saved: string;
    uploaded: string;
    removed: string;
  };
}

const own: ProfileOf = {
  load: () => adminGet('/account/profile'),
  save: (input) => adminSend('PUT', '/account/profile', input),
  upload: (data) => adminUpload('/account/profile/photo', data),
  removePhoto: () => adminSend('DELETE', '/account/profile/photo'),
  words: {
    heading: 'Public profile',
    lead: 'Shown on the blog as the author of your posts. With a display name you can be chosen as a post’s author.',
    loading: 'Loading your profile…',
    nameHelp: `The name readers see, as you want it written. At most ${NAME_MAX} characters.`,
    bioHelp: `A few sentences about you, as plain text. At most ${BIO_MAX} characters.`,
    photoAlt: 'Your current photo',
    saved: 'Your profile is saved. Your posts show it now.',
    uploaded: 'Your photo is uploaded.',
    removed: 'Your photo is removed.',
  },
};

function memberProfile({ id, name }: ProfileMember): ProfileOf {
  return {
    load: () => adminGet(adminPath('/staff/{id}/profile', { id })),
    save: (input) => adminSend('PUT', adminPath('/staff/{id}/profile', { id }), input),
    upload: (data) => adminUpload(adminPath('/staff/{id}/profile/photo', { id }), data),
    removePhoto: () => adminSend('DELETE', adminPath('/staff/{id}/profile/photo', { id })),
    words: {
      heading: `Public profile of ${name}`,
      lead: `Shown on the blog as the author of ${name}’s posts. With a display name they can be chosen as a post’s author.`,
      loading: `Loading ${name}’s profile…`,
      nameHelp: `The name readers see, as ${name} wants it written. At most ${NAME_MAX} characters.`,
      bioHelp: `A few sentences about ${name}, as plain text. At most ${BIO_MAX} characters.`,
      photoAlt: `${name}’s current photo`,
      saved: `${name}’s profile is saved. Their posts show it now.`,
      uploaded: `${name}’s photo is uploaded.`,
      removed: `${name}’s photo is removed.`,
    },
  };
}

/** The public profile of member (an admin editing someone's), or of the signed-in member without one. */
export function ProfileForm({ member, headingRef }: { member?: ProfileMember; headingRef?: Ref<HTMLHeadingElement> }) {
  const of = member ? memberProfile(member) : own;
  const w = of.words;
  const ids = useId();
  const headingId = member ? `${ids}-profile` : 'account-profile';
  const fieldId = member ? `${ids}-profile` : 'profile';
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
    of.load().then(
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per member: the form is keyed by it.
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
    if (await change(() => of.save({ displayName: name, bio }), w.saved)) {
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
    if (await change(() => of.upload(data), w.uploaded)) {
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const photo = profile?.photo ?? [];
  const shown = photo.find((v) => v.width >= 96) ?? photo[photo.length - 1];

  return (
    <section className="space-y-3" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={heading2}>
        {w.heading}
      </h2>
      <p className="text-sm text-slate-700">{w.lead}</p>
      {!profile && !error && <p className="text-sm text-slate-600">{w.loading}</p>}
      {profile && (
        <>
          <form className="space-y-4" onSubmit={save} noValidate aria-labelledby={headingId}>
            <FormField id={`${fieldId}-displayName`} label="Display name" help={w.nameHelp} error={errors.displayName}>
              {(p) => (
                <input {...p} name="display-name" autoComplete="name" maxLength={NAME_MAX} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
              )}
            </FormField>
            <FormField id={`${fieldId}-bio`} label="Bio" help={w.bioHelp} error={errors.bio}>
              {(p) => <textarea {...p} rows={4} maxLength={BIO_MAX} className={inputClass} value={bio} onChange={(e) => setBio(e.target.value)} />}
            </FormField>
            <button type="submit" className={primaryButton} disabled={busy}>
              Save profile
            </button>
          </form>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">Photo</p>
            {shown ? (
              <img src={shown.url} alt={w.photoAlt} width={96} height={96} className="size-24 rounded-full bg-slate-100 object-cover" />
            ) : (
              <p className="text-sm text-slate-600">No photo.</p>
            )}
            <FormField
              id={`${fieldId}-photo`}
              label="Upload a photo"
              help="A JPEG, PNG or WebP, at most 10 MB. It is cropped to a square from the middle; 400 pixels or more a side looks sharp."
              error={errors.image}
            >
              {(p) => (
                <div className="flex flex-wrap items-center gap-2">
                  <input {...p} ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp" className="max-w-full text-sm" />
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void upload()}>
                    Upload photo
                  </button>
                  {photo.length > 0 && (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy}
                      onClick={() => void change(() => of.removePhoto(), w.removed)}
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
