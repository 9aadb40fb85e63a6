import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/more'].title);
  return <PageBanner title={pages['/more'].title} lead={pages['/more'].description} />;
}
