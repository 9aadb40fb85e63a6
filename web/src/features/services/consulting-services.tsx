import { fill } from '../../lib/text';
import { AutoCarousel } from './auto-carousel';
import { CONSULTING_CAROUSEL_INTERVAL_MS } from './constants';
import { ServiceDetail, type ServiceDetailCopy } from './service-detail';

export interface ConsultingServicesCopy {
  label: string;
  dotLabel: string;
  items: readonly ServiceDetailCopy[];
}

/** The consulting services, one at a time; each dot names its service. */
export function ConsultingServices({ copy }: { copy: ConsultingServicesCopy }) {
  return (
    <AutoCarousel
      id="consulting-services"
      label={copy.label}
      items={copy.items}
      getKey={(item) => item.title}
      renderItem={(item) => <ServiceDetail item={item} layout="wide" />}
      intervalMs={CONSULTING_CAROUSEL_INTERVAL_MS}
      dotLabel={(from) => fill(copy.dotLabel, { title: copy.items[from - 1]?.title ?? from })}
    />
  );
}
