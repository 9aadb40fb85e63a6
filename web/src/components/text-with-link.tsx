import { Fragment } from 'react';

interface Props {
  /** Copy with one or more {name} placeholders. */
  text: string;
  /** The placeholder's name, without braces. */
  name: string;
  href: string;
  /** The link's text (e.g. the e-mail address itself). */
  label: string;
  linkClassName?: string;
}

const defaultLink = 'rounded-sm font-semibold wrap-anywhere text-brand-700 underline underline-offset-4 hover:text-brand-900';

/** Copy from a content file with its {name} placeholder shown as a link, such as an e-mail address. */
export function TextWithLink({ text, name, href, label, linkClassName = defaultLink }: Props) {
  const parts = text.split(`{${name}}`);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <a href={href} className={linkClassName}>
          {label}
        </a>
      )}
    </Fragment>
  ));
}
