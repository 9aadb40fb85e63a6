// Catches a screen that failed to load or to render (e.g. its code changed
// with a new release), so the rest of the console keeps working.
import { Component, type ReactNode } from 'react';
import { heading1, secondaryButton } from '../ui/styles';

interface Props {
  children: ReactNode;
  /** Changes with the address, so moving to another screen clears the error. */
  resetKey: string;
}

export class ScreenBoundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="space-y-4">
        <h1 className={heading1}>This screen could not be shown</h1>
        <p role="alert" className="text-sm text-red-700">
          Something went wrong while loading it. Reload the page to try again.
        </p>
        <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
