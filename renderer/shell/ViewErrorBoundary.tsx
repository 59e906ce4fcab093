import { t } from '@lingui/core/macro';
import { Component, type ReactNode } from 'react';
import { ErrorPanel } from '../components/ErrorPanel';
import { ChunkLoadFailure } from './retryableLazy';

interface Props {
  children: ReactNode;
  /** A new key clears the crash (another view, another account, a dialog opened again). */
  resetKey: string;
  /**
   * For a part the app can do without (the shortcuts help): a crash, or a chunk that failed to
   * load, shows nothing there instead of a panel. Without any boundary it would unmount the app.
   */
  quiet?: boolean;
}

/** A crash inside one view shows a panel there instead of blanking the whole window. */
export class ViewErrorBoundary extends Component<Props, { crashed: boolean; resetKey: string }> {
  override state = { crashed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ crashed: boolean }> {
    return { crashed: true };
  }

  /** A chunk that failed to load is fetched again the next time the children render (a Retry, a new key). */
  override componentDidCatch(error: unknown): void {
    if (error instanceof ChunkLoadFailure) error.reload();
  }

  static getDerivedStateFromProps(props: Props, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { crashed: false, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.crashed) {
      if (this.props.quiet) return null;
      return (
        <ErrorPanel
          error={{ kind: 'internal', message: 'view crashed' }}
          outcome={t`This view stopped working.`}
          onRetry={() => this.setState({ crashed: false })}
        />
      );
    }
    return this.props.children;
  }
}
