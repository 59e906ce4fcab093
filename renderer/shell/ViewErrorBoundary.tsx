import { t } from '@lingui/core/macro';
import { Component, type ReactNode } from 'react';
import { ErrorPanel } from '../components/ErrorPanel';

/** A crash inside one view shows a panel there instead of blanking the whole window. */
export class ViewErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { crashed: boolean; resetKey: string }> {
  override state = { crashed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ crashed: boolean }> {
    return { crashed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { crashed: false, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.crashed) {
      return (
        <ErrorPanel
          error={{ kind: 'internal', message: t`This view stopped working.` }}
          onRetry={() => this.setState({ crashed: false })}
        />
      );
    }
    return this.props.children;
  }
}
