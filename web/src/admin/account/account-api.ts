// The account page's calls: the signed-in member's own password, recovery
// codes, authenticator and sessions (/api/admin/account/...).
import type { RecoveryCodes, SessionEnded, SessionsEnded, TOTPSetup } from '../../gen/wire';
import { adminPath, adminSend } from '../api';

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return adminSend('POST', '/account/password', { currentPassword, newPassword });
}

export function newRecoveryCodes(proof: { password: string; code: string }): Promise<RecoveryCodes> {
  return adminSend('POST', '/account/recovery-codes', proof);
}

export function beginReplace(oldCode: string): Promise<TOTPSetup> {
  return adminSend('POST', '/account/totp/begin', { oldCode });
}

export function confirmReplace(code: string): Promise<unknown> {
  return adminSend('POST', '/account/totp/confirm', { code });
}

export function endSession(ref: string): Promise<SessionEnded> {
  return adminSend('DELETE', adminPath('/account/sessions/{ref}', { ref }));
}

export function endOtherSessions(): Promise<SessionsEnded> {
  return adminSend('POST', '/account/sessions/end-others');
}
