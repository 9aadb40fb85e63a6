import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/services'].title);
  return <PageBanner title={pages['/services'].title} lead={pages['/services'].description} />;
}
