import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/meta';
import pages from '../../../content/pages.json';

/** The screen for a page that failed to render. */
export function ErrorScreen() {
  useDocumentTitle(pages.error.title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold text-slate-900">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Something went wrong while showing this page. It is not your fault, and we have been told about it.
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <Link
          to="/"
          reloadDocument
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

interface State {
  failed: boolean;
}

/** Shows ErrorScreen instead of a blank page when rendering throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('render failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
