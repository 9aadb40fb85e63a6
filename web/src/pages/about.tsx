import pages from '../../../content/pages.json';
import about from '../../../content/about.json';
import home from '../../../content/home.json';
import { PageBanner } from '../components/page-banner';
import { CallToAction } from '../components/call-to-action';
import { HistoryTimeline } from '../features/about/history-timeline';
import { AboutSection } from '../features/home/about-section';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

// The same four topics as the home page's About Us block; here the last
// card leads on to careers instead of back to this page.
const overview = {
  heading: about.overview.heading,
  intro: about.overview.intro,
  cards: home.about.cards.map((card) => (card.icon === about.overview.more.icon ? about.overview.more : card)),
};

export default function AboutPage() {
  const page = pages['/about'];
  useDocumentTitle(page.title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <PageBanner title={page.title} eyebrow={about.banner.eyebrow} lead={about.banner.lead} />
      <AboutSection copy={overview} />
      <HistoryTimeline copy={about.history} />
      <CallToAction copy={about.cta} />
    </div>
  );
}
