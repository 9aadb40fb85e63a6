import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/career'].title);
  return <PageBanner title={pages['/career'].title} lead={pages['/career'].description} />;
}
