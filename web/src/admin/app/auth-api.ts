// The sign-in and session calls of the staff API (/api/admin/...). The calls
// made while nobody is signed in (me, login, set-up) and signing out go
// through the quiet calls: their 401 means "not signed in" or "wrong
// password", not "your session has ended", so they must not fire the
// signed-out event.
import type { LoginAnswer, LoginRequest, RecoveryCodes, SetupInfo, SetupRequest, StaffMe, TOTPSetup } from '../../gen/wire';
import { adminGetQuietly, adminSend, adminSendQuietly } from '../api';

export function fetchMe(): Promise<StaffMe> {
  return adminGetQuietly('/me');
}

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return adminSendQuietly('POST', '/login', body);
}

export function checkSetupToken(token: string): Promise<SetupInfo> {
  return adminSendQuietly('POST', '/setup/check', { token });
}

/** Sets the password with the one-time token from the link. */
export function setPassword(body: SetupRequest): Promise<LoginAnswer> {
  return adminSendQuietly('POST', '/setup', body);
}

export function logout(): Promise<unknown> {
  return adminSendQuietly('POST', '/logout');
}

export function logoutEverywhere(): Promise<unknown> {
  return adminSend('POST', '/logout-everywhere');
}

export function beginTotp(): Promise<TOTPSetup> {
  return adminSend('POST', '/totp/begin');
}

export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return adminSend('POST', '/totp/confirm', { code });
}
