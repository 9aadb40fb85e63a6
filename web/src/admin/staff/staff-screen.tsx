// Staff accounts (admins): who has access and with which role, adding a
// member (they get a one-time set-up link to choose a password), changing
// roles, disabling and enabling accounts, new set-up links, and a
// member's public author profile.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ProfileForm, type ProfileMember } from '../account/profile-form';
import type { SetupLink, StaffAccount } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { adminPath, adminSend } from '../api';
import { ROLES, roleLabel } from '../app/roles';
import { useStaff } from '../staff-context';
import { Alert, messageOf } from '../ui/alert';
import { copyText } from '../ui/copy';
import { Field } from '../ui/field';
import { heading1, heading2, input, label, primaryButton, secondaryButton } from '../ui/styles';
import { AdminTable } from '../ui/admin-table';
import { ListStates } from '../ui/list-states';
import { useAdminData } from '../ui/use-admin-data';
import { formatWhen } from '../ui/format';

/** An account's status in words. */
export function accountStatus(a: StaffAccount): 'Active' | 'Disabled' | 'Invited' {
  if (a.disabled) return 'Disabled';
  return a.passwordSet ? 'Active' : 'Invited';
}

interface IssuedLink extends SetupLink {
  /** Whose link it is, in words. */
  forWhom: string;
  /** Their e-mail address, to which the link was mailed. */
  email: string;
}

export default function StaffScreen() {
  const { data: accounts, error: loadError, reload: load } = useAdminData('/staff');
  const [link, setLink] = useState<IssuedLink | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [profileOf, setProfileOf] = useState<ProfileMember | null>(null);

  async function act(what: () => Promise<unknown>, done: string) {
    setRowError(null);
    setStatus('');
    try {
      await what();
      setStatus(done);
      load();
    } catch (e) {
      setRowError(messageOf(e));
    }
  }

  return (
    <div className="space-y-8">
      <h1 className={heading1}>Staff</h1>
      <AddMember
        onAdded={(issued) => {
          setLink(issued);
          load();
        }}
      />
      {link && <SetupLinkPanel link={link} onDismiss={() => setLink(null)} />}
      <section className="space-y-3" aria-labelledby="staff-accounts">
        <h2 id="staff-accounts" className={heading2}>
          Accounts
        </h2>
        <Alert message={loadError || rowError} />
        <p role="status" className="text-sm text-slate-700">
          {status}
        </p>
        {/* The load error is in the alert above, with the errors of the row actions. */}
        <ListStates rows={accounts} error={loadError} loading={<p>Loading…</p>} empty={<p className="text-sm">No accounts yet.</p>}>
          {(accounts) => (
            <AdminTable
              region="Staff accounts table"
              columns={['Name', 'E-mail', 'Role', 'Status', 'Two-step sign-in', 'Actions']}
              headerClassName="py-2 pr-4"
            >
              {accounts.map((a) => (
                <AccountRow
                  key={a.id}
                  account={a}
                  onRole={(role) => act(() => adminSend('PATCH', adminPath('/staff/{id}', { id: a.id }), { role }), `${a.name} is now ${roleLabel(role)}.`)}
                  onDisabled={(disabled) =>
                    act(
                      () => adminSend('PATCH', adminPath('/staff/{id}', { id: a.id }), { disabled }),
                      disabled ? `${a.name}'s account is disabled.` : `${a.name}'s account is enabled.`,
                    )
                  }
                  onProfile={() => setProfileOf({ id: a.id, name: a.name || a.email })}
                  onReset={() =>
                    act(async () => {
                      const issued = await adminSend('POST', adminPath('/staff/{id}/reset', { id: a.id }));
                      setLink({ ...issued, forWhom: `${a.name} (${a.email})`, email: a.email });
                    }, `New set-up link made for ${a.name}.`)
                  }
                />
              ))}
            </AdminTable>
          )}
        </ListStates>
      </section>
      {profileOf && <MemberProfile key={profileOf.id} member={profileOf} onClose={() => setProfileOf(null)} />}
    </div>
  );
}

/** A member's public profile, opened from their row: focus moves to its heading. */
function MemberProfile({ member, onClose }: { member: ProfileMember; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="max-w-3xl space-y-4 rounded-md border border-slate-300 p-4">
      <ProfileForm member={member} headingRef={heading} />
      <button type="button" className={secondaryButton} onClick={onClose}>
        Close profile <span className="sr-only">of {member.name}</span>
      </button>
    </div>
  );
}

function AccountRow({
  account: a,
  onRole,
  onDisabled,
  onProfile,
  onReset,
}: {
  account: StaffAccount;
  onRole: (role: string) => void;
  onDisabled: (disabled: boolean) => void;
  onProfile: () => void;
  onReset: () => void;
}) {
  const me = useStaff();
  const [role, setRole] = useState(a.role);
  const id = useId();
  const self = me.id === a.id;
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="whitespace-nowrap py-2 pr-4">{a.name}</td>
      <td className="whitespace-nowrap py-2 pr-4">{a.email}</td>
      <td className="py-2 pr-4">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {a.name}
        </label>
        <div className="flex items-center gap-2">
          <select id={`${id}-role`} className={input} value={role} onChange={(e) => setRole(e.target.value)} disabled={self}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
          {!self && (
            <button type="button" className={secondaryButton} disabled={role === a.role} onClick={() => onRole(role)}>
              Save role <span className="sr-only">of {a.name}</span>
            </button>
          )}
        </div>
      </td>
      <td className="py-2 pr-4">{accountStatus(a)}</td>
      <td className="py-2 pr-4">{a.totpEnabled ? 'On' : 'Off'}</td>
      <td className="py-2 pr-4">
        <div className="flex min-w-48 flex-wrap gap-2 whitespace-nowrap">
          {self ? (
            <span className="self-center text-slate-700">Your account</span>
          ) : (
            <>
              <button type="button" className={secondaryButton} onClick={() => onDisabled(!a.disabled)}>
                {a.disabled ? 'Enable' : 'Disable'} <span className="sr-only">{a.name}</span>
              </button>
              <button type="button" className={secondaryButton} onClick={onReset}>
                New set-up link <span className="sr-only">for {a.name}</span>
              </button>
            </>
          )}
          <button type="button" className={secondaryButton} onClick={onProfile}>
            Edit profile <span className="sr-only">of {a.name}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

function AddMember({ onAdded }: { onAdded: (link: IssuedLink) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('recruiter');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    setBusy(true);
    try {
      const issued = await adminSend('POST', '/staff', { name: name.trim(), email: email.trim(), role });
      onAdded({ ...issued, forWhom: `${name.trim()} (${email.trim()})`, email: email.trim() });
      setName('');
      setEmail('');
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length > 0) setFields(err.fields);
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-3" aria-labelledby="staff-add">
      <h2 id="staff-add" className={heading2}>
        Add member of staff
      </h2>
      <form className="grid max-w-3xl gap-4 sm:grid-cols-3 sm:items-start" onSubmit={submit} noValidate>
        <Field label="Name" name="name" autoComplete="off" required value={name} error={fields.name} onChange={(e) => setName(e.target.value)} />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={email}
          error={fields.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="space-y-1">
          <label htmlFor={roleId} className={label}>
            Role
          </label>
          <select id={roleId} className={`${input} w-full`} value={role} onChange={(e) => setRole(e.target.value)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
          {fields.role && <p className="text-sm text-red-700">{fields.role}</p>}
        </div>
        <div className="sm:col-span-3 space-y-3">
          <Alert message={error} />
          <button type="submit" className={primaryButton} disabled={busy}>
            Add member of staff
          </button>
        </div>
      </form>
    </section>
  );
}

function SetupLinkPanel({ link, onDismiss }: { link: IssuedLink; onDismiss: () => void }) {
  const [copied, setCopied] = useState('');
  const id = useId();
  return (
    <section className="max-w-3xl space-y-3 rounded-md border border-blue-300 bg-blue-50 p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={heading2}>
        {link.mailed ? 'Link e-mailed to' : 'Link to send to'} {link.forWhom}
      </h2>
      <p className="text-sm text-slate-800">
        {link.mailed
          ? `We e-mailed this link to ${link.email}, with your name and the role. You can also pass it on yourself.`
          : 'The e-mail could not be queued: send this link to the person yourself.'}{' '}
        It works once, until {formatWhen(link.expiresAt)}. Whoever opens it can set the account&apos;s password.
      </p>
      <label htmlFor={`${id}-url`} className={label}>
        Set-up link
      </label>
      <input id={`${id}-url`} className={`${input} w-full font-mono`} readOnly value={link.url} onFocus={(e) => e.target.select()} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButton}
          onClick={async () => setCopied((await copyText(link.url)) ? 'Link copied.' : 'Could not copy. Select the link and copy it.')}
        >
          Copy link
        </button>
        <button type="button" className={secondaryButton} onClick={onDismiss}>
          Done
        </button>
      </div>
      <p role="status" className="text-sm text-slate-800">
        {copied}
      </p>
    </section>
  );
}
