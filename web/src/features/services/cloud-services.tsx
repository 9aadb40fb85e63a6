import { fill } from '../../lib/text';
import { AutoCarousel } from './auto-carousel';
import { CLOUD_CAROUSEL_INTERVAL_MS, CLOUD_PER_VIEW } from './constants';
import { ServiceDetail, type ServiceDetailCopy } from './service-detail';

export interface CloudServicesCopy {
  label: string;
  dotLabel: string;
  dotLabelOne: string;
  items: readonly ServiceDetailCopy[];
}

/** The cloud service groups: three at a time on wide screens, moving on by three. */
export function CloudServices({ copy }: { copy: CloudServicesCopy }) {
  return (
    <AutoCarousel
      id="cloud-services"
      label={copy.label}
      items={copy.items}
      getKey={(item) => item.title}
      renderItem={(item) => <ServiceDetail item={item} layout="card" />}
      intervalMs={CLOUD_CAROUSEL_INTERVAL_MS}
      perView={CLOUD_PER_VIEW}
      dotLabel={(from, to) => fill(from === to ? copy.dotLabelOne : copy.dotLabel, { from, to })}
    />
  );
}
