import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/service2'].title);
  return <PageBanner title={pages['/service2'].title} lead={pages['/service2'].description} />;
}
