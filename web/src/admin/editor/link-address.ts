// What a writer types as a link's address, made into one the server's
// sanitiser keeps (http, https or mailto), or a message saying why not.

/** What a link may point to: the sanitiser keeps nothing else. */
const allowed = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s@]+@[^\s@]+)$/i;
/** A web address typed without its scheme: www.example.com, example.com/path. */
const bareHost = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i;
/** An e-mail address typed without mailto:. */
const bareEmail = /^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i;

export const LINK_ADDRESS_HELP = 'A web address (https://…) or an e-mail address. A web address without https:// gets it added.';

export type LinkAddress = { ok: true; href: string } | { ok: false; message: string };

/** The address to link to, from what was typed. */
export function linkAddress(typed: string): LinkAddress {
  const value = typed.trim();
  if (!value) return { ok: false, message: 'Enter the address to link to.' };
  if (/\s/.test(value)) return { ok: false, message: 'An address has no spaces.' };
  if (allowed.test(value)) return { ok: true, href: value };
  if (bareEmail.test(value)) return { ok: true, href: `mailto:${value}` };
  if (bareHost.test(value)) return { ok: true, href: `https://${value}` };
  return { ok: false, message: 'Use an address starting with https://, http:// or mailto:.' };
}
