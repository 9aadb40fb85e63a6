// The console's shared class names (the common look every screen uses), so
// the shell's own screens read the same and stay in step.
export const primaryButton =
  'rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50';
export const secondaryButton =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';
export const dangerButton =
  'rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50';
export const input = 'rounded-md border border-slate-400 px-3 py-2 text-sm';
export const heading1 = 'text-2xl font-semibold text-slate-900';
export const heading2 = 'text-lg font-semibold';
export const label = 'block text-sm font-medium text-slate-800';
export const hint = 'text-sm text-slate-700';
export const errorText = 'text-sm text-red-700';
