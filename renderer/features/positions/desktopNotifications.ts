/**
 * The web Notification API, which both the Electron renderer and a browser (browser mode) provide.
 * Every function tolerates its absence (old webviews, locked-down kiosks): the in-view banner is the
 * primary signal, a desktop notification is the extra one for when the window is in the background.
 */

export type NotificationAccess = NotificationPermission | 'unsupported';

function api(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null;
}

export function notificationAccess(): NotificationAccess {
  return api()?.permission ?? 'unsupported';
}

/** Asks once; the browser/OS remembers the answer, so asking again after "denied" does nothing. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  const Api = api();
  if (!Api) return 'unsupported';
  if (Api.permission !== 'default') return Api.permission;
  try {
    return await Api.requestPermission();
  } catch {
    return Api.permission;
  }
}

export interface DesktopNotice {
  title: string;
  body: string;
  /** Same tag replaces an earlier notice instead of stacking a duplicate. */
  tag: string;
}

/** Shows the notice when allowed; returns whether it was shown. */
export function showDesktopNotice(notice: DesktopNotice, onClick?: () => void): boolean {
  const Api = api();
  if (!Api || Api.permission !== 'granted') return false;
  try {
    const shown = new Api(notice.title, { body: notice.body, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      onClick?.();
    };
    return true;
  } catch {
    // Some platforms only allow notifications from a service worker; the banner still shows.
    return false;
  }
}
