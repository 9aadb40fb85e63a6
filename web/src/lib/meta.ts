import { useEffect } from 'react';
import { DOCUMENT_TITLE_TEMPLATE } from '../gen/wire';
import { fill } from './text';

/** The document title for a page title, as the Go server writes it (its format comes from Go). */
export function fullTitle(title: string): string {
  return fill(DOCUMENT_TITLE_TEMPLATE, { title });
}

/** Keeps document.title in step on client-side navigation. */
export function useDocumentTitle(title: string) {
  useServerDocumentTitle(fullTitle(title));
}

/** Like useDocumentTitle, for a complete title the server sent (e.g. a job's pageTitle). */
export function useServerDocumentTitle(documentTitle: string) {
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}
