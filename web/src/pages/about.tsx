import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/about'].title);
  return <PageBanner title={pages['/about'].title} lead={pages['/about'].description} />;
}
