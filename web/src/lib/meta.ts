import { useEffect } from 'react';
import site from '../../../content/site.json';

/** The document title for a page title, as the Go server writes it. */
export function fullTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/** Keeps document.title in step on client-side navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
