import { createElement, lazy, type ComponentType } from 'react';

/** What a lazy part throws when its chunk failed to load; `reload` makes its next render import again. */
export class ChunkLoadFailure extends Error {
  constructor(
    cause: unknown,
    readonly reload: () => void,
  ) {
    super('A part of the app failed to load', { cause });
    this.name = 'ChunkLoadFailure';
  }
}

/**
 * React.lazy, except that a failed load can be tried again. React.lazy keeps the rejected import
 * for the life of the page, so after one failed chunk fetch (the main process busy restarting, a
 * reset connection) a view's Retry showed the same error until the page was reloaded.
 *
 * The failure reaches the error boundary as a ChunkLoadFailure, and the boundary calls its
 * `reload` (ViewErrorBoundary.tsx): only then does a fresh lazy component take its place, so the
 * import runs again on the person's Retry, never in a loop on its own. Chromium fetches a module
 * whose load failed afresh (checked: a 500, then the module).
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fresh = (): ComponentType<P> =>
    lazy(() =>
      load().catch((error: unknown) => {
        throw new ChunkLoadFailure(error, () => {
          current = fresh();
        });
      }),
    );
  let current = fresh();
  function Retryable(props: P) {
    return createElement(current, props);
  }
  return Retryable;
}
