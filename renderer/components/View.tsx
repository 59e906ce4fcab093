import type { ReactNode } from 'react';
import { ViewFailures } from './ViewFailures';
import './View.css';

/**
 * The frame every view shares: a section named by its heading, the title and a line of context,
 * and the view's own controls on the right of the header; the failed refreshes of its queries
 * share one banner under it.
 */
export function View(props: { name: string; title: string; subtitle: ReactNode; actions?: ReactNode; className?: string; children: ReactNode }) {
  const titleId = `${props.name}-title`;
  return (
    <section className={props.className ? `view ${props.className}` : 'view'} aria-labelledby={titleId}>
      <header className="view__header">
        <div>
          <h1 className="view__title" id={titleId}>
            {props.title}
          </h1>
          <p className="view__subtitle">{props.subtitle}</p>
        </div>
        {props.actions}
      </header>
      <ViewFailures>{props.children}</ViewFailures>
    </section>
  );
}
