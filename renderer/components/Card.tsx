import type { ReactNode } from 'react';

/**
 * A titled card: the section is named by its heading (for screen readers), the heading sits in
 * the card's first band. `titleId` lets a table inside take the same heading as its name.
 */
export function Card({ title, titleId, titleClassName = 'section-title', children }: { title: ReactNode; titleId: string; titleClassName?: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <header className="card__section">
        <h2 className={titleClassName} id={titleId}>
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}
