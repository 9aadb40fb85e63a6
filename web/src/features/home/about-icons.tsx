import { Icon } from '../../components/icons';

/** The icon of an About card, by the key content/home.json gives it. */
export function AboutIcon({ name }: { name: string }) {
  const className = 'size-6';
  switch (name) {
    case 'mission':
      return (
        <Icon className={className}>
          <circle cx="12" cy="12" r="8" />
          <circle cx="12" cy="12" r="4" />
          <path d="M12 12 20 4m-3 0h3v3" />
        </Icon>
      );
    case 'expertise':
      return (
        <Icon className={className}>
          <path d="m8 8-4 4 4 4m8-8 4 4-4 4M14 5l-4 14" />
        </Icon>
      );
    case 'clients':
      return (
        <Icon className={className}>
          <circle cx="9" cy="8" r="3" />
          <path d="M3 19a6 6 0 0 1 12 0M16 5.5a3 3 0 0 1 0 5.5M18 19a6 6 0 0 0-2.5-4.9" />
        </Icon>
      );
    default:
      return (
        <Icon className={className}>
          <circle cx="12" cy="12" r="8" />
          <path d="M12 8v8m-4-4h8" />
        </Icon>
      );
  }
}
