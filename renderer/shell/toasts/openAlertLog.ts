import { useUi } from '../../state/ui';

/** The alert log's element id (AlertLog); one view at a time shows it. */
export const ALERT_LOG_ID = 'alert-log';

/** How many frames to wait for the Alerts view to draw its log before giving up on scrolling to it. */
const FRAMES_TO_WAIT = 120;

/**
 * Takes the person to the alert log: the one in the open view if it has one (Positions, Alerts),
 * else the Alerts view's, near its top. Scrolled into sight and focused, so a keyboard or screen
 * reader lands there too.
 */
export function openAlertLog(): void {
  if (!document.getElementById(ALERT_LOG_ID)) useUi.getState().setView('alerts');
  let frames = 0;
  const reach = () => {
    const log = document.getElementById(ALERT_LOG_ID);
    if (log) {
      log.scrollIntoView?.({ block: 'start' });
      log.focus({ preventScroll: true });
    } else if (++frames < FRAMES_TO_WAIT) requestAnimationFrame(reach);
  };
  requestAnimationFrame(reach);
}
