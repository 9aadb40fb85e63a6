// The signed-in member of staff, provided by the console's shell to every screen.
import { createContext, useContext } from 'react';
import type { StaffMe } from '../gen/wire';

export type Role = 'admin' | 'recruiter' | 'editor';

export const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in member of staff; only screens inside the shell call it. */
export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the signed-in console');
  return me;
}

/** Whether role may use something open to roles (an admin may use everything). */
export function allowed(role: string, roles: readonly Role[]): boolean {
  return role === 'admin' || roles.includes(role as Role);
}
