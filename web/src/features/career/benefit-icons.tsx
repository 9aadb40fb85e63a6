import { Icon } from '../../components/icons';

/** The icon of a benefit card, by the name in content/career.json. */
export function BenefitIcon({ name }: { name: string }) {
  const className = 'size-6';
  switch (name) {
    case 'salary':
      return (
        <Icon className={className}>
          <path d="M4 20V10m6 10V6m6 14v-7m4 7H2" />
          <path d="m14 7 3-3 3 3m-3-3v6" />
        </Icon>
      );
    case 'health':
      return (
        <Icon className={className}>
          <path d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z" />
          <path d="M12 10.5v5m-2.5-2.5h5" />
        </Icon>
      );
    case 'flexible':
      return (
        <Icon className={className}>
          <circle cx="12" cy="12" r="8.5" />
          <path d="M12 7.5V12l3 2" />
        </Icon>
      );
    default:
      return (
        <Icon className={className}>
          <circle cx="12" cy="12" r="4" />
        </Icon>
      );
  }
}
