// The console's screens: where each lives under /admin, its name in the
// navigation, who may open it (admins may open all) and its code, loaded
// only when opened. A screen handles its own sub-paths (e.g. jobs/new).
import type { ComponentType } from 'react';
import type { Role } from './staff-context';

export interface Screen {
  /** Path under /admin/ ('' for the dashboard). */
  path: string;
  label: string;
  roles: readonly Role[];
  load: () => Promise<{ default: ComponentType }>;
}

const everyone: readonly Role[] = ['recruiter', 'editor'];

export const screens: readonly Screen[] = [
  { path: '', label: 'Dashboard', roles: everyone, load: () => import('./dashboard/dashboard-screen') },
  { path: 'jobs', label: 'Jobs', roles: ['recruiter'], load: () => import('./jobs/jobs-screen') },
  { path: 'job-lists', label: 'Locations and departments', roles: [], load: () => import('./job-lists/job-lists-screen') },
  { path: 'blog', label: 'Blog', roles: ['editor'], load: () => import('./blog/blog-screen') },
  { path: 'applications', label: 'Applications', roles: ['recruiter'], load: () => import('./applications/applications-screen') },
  { path: 'job-alerts', label: 'Job alerts', roles: ['recruiter'], load: () => import('./job-alerts/job-alerts-screen') },
  { path: 'candidate-emails', label: 'Candidate e-mails', roles: ['recruiter'], load: () => import('./emails/candidate-emails-screen') },
  { path: 'messages', label: 'Messages', roles: ['editor'], load: () => import('./messages/messages-screen') },
  { path: 'comments', label: 'Comments', roles: ['editor'], load: () => import('./comments/comments-screen') },
  { path: 'speed', label: 'Real-user speed', roles: ['editor'], load: () => import('./speed/speed-screen') },
  { path: 'mail', label: 'Mail', roles: [], load: () => import('./mail/mail-screen') },
  { path: 'audit', label: 'Audit log', roles: [], load: () => import('./audit/audit-screen') },
  { path: 'staff', label: 'Staff', roles: [], load: () => import('./staff/staff-screen') },
];
