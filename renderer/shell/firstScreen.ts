import { FIRST_SCREEN } from '../../shared/model/startup';

/**
 * #root came holding the first screen the main process rendered (electron/static/firstScreen.ts),
 * inert so that nothing in it could be clicked or typed into; the app's own content has now
 * replaced it, so #root is an ordinary container again.
 */
export function releaseFirstScreen(container: HTMLElement): void {
  container.removeAttribute('inert');
  container.removeAttribute(FIRST_SCREEN.pendingAttribute);
}
