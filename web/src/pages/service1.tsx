import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/service1'].title);
  return <PageBanner title={pages['/service1'].title} lead={pages['/service1'].description} />;
}
