// Role names as the console shows them.
const labels: Record<string, string> = { admin: 'Admin', recruiter: 'Recruiter', editor: 'Editor' };

export const ROLES = ['admin', 'recruiter', 'editor'] as const;

export function roleLabel(role: string): string {
  return labels[role] ?? role;
}
