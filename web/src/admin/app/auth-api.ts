// The sign-in and session calls of the staff API (/api/admin/...). The calls
// made while nobody is signed in (me, login, set-up) go straight through
// lib/api-client: their 401 means "not signed in" or "wrong password", not
// "your session has ended", so they must not fire the signed-out event.
import { getJSON, sendJSON } from '../../lib/api-client';
import type { LoginAnswer, LoginRequest, RecoveryCodes, SetupInfo, StaffMe, TOTPSetup } from '../../gen/wire';
import { adminSend, adminURL } from '../api';

/** The body of POST /setup: the one-time token from the link and the new password. */
export interface SetupPasswordRequest {
  token: string;
  password: string;
}

export function fetchMe(): Promise<StaffMe> {
  return getJSON<StaffMe>(adminURL('/me'));
}

export function login(body: LoginRequest): Promise<LoginAnswer> {
  return sendJSON<LoginAnswer>('POST', adminURL('/login'), body);
}

export function checkSetupToken(token: string): Promise<SetupInfo> {
  return sendJSON<SetupInfo>('POST', adminURL('/setup/check'), { token });
}

export function setPassword(body: SetupPasswordRequest): Promise<LoginAnswer> {
  return sendJSON<LoginAnswer>('POST', adminURL('/setup'), body);
}

export function logout(): Promise<unknown> {
  return sendJSON('POST', adminURL('/logout'));
}

export function logoutEverywhere(): Promise<unknown> {
  return adminSend('POST', '/logout-everywhere');
}

export function beginTotp(): Promise<TOTPSetup> {
  return adminSend<TOTPSetup>('POST', '/totp/begin');
}

export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return adminSend<RecoveryCodes>('POST', '/totp/confirm', { code });
}
