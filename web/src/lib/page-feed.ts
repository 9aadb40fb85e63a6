import { useEffect } from 'react';

/**
 * Keeps the page's own feed link in <head> (data-page-feed, which the
 * server writes on pages with a feed of their own: a job search's, a blog
 * tag's) on href while the page is shown, also after a move within the
 * site without a page load, so a browser or extension that finds feeds in
 * the page finds the one on screen. Gone when the page is left.
 */
export function usePageFeedLink(href: string, title: string) {
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[data-page-feed]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.type = 'application/atom+xml';
      link.dataset.pageFeed = '';
      const blogFeed = document.head.querySelector('link[rel="alternate"]');
      if (blogFeed) blogFeed.before(link);
      else document.head.append(link);
    }
    link.title = title;
    link.setAttribute('href', href);
    const current = link;
    return () => current.remove();
  }, [href, title]);
}
