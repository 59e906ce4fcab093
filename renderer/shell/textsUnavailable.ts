import type { Language } from '../i18n';

/**
 * Its own few words in each language the app speaks: this screen exists because the catalog that
 * holds every other text could not be loaded, so they cannot come from it.
 */
const WORDS: Record<Language, { title: string; detail: string; reload: string }> = {
  en: {
    title: 'The app could not load its texts.',
    detail: 'Reload to try again. If this keeps happening, reinstall WhiteBIT Desk: its files may be damaged.',
    reload: 'Reload',
  },
  uk: {
    title: 'Застосунку не вдалося завантажити свої тексти.',
    detail: 'Перезавантажте сторінку, щоб спробувати ще раз. Якщо це повторюється, перевстановіть WhiteBIT Desk: його файли можуть бути пошкоджені.',
    reload: 'Перезавантажити',
  },
};

/**
 * What the page shows when the first-paint catalog failed twice (renderer/i18n): without it every
 * text would be a bare message id, and React would render nothing at all. Plain DOM, styled as the
 * app's error panels, with a Reload that starts the page again.
 */
export function showTextsUnavailable(container: HTMLElement, language: Language): void {
  const words = WORDS[language];
  const panel = document.createElement('div');
  panel.className = 'error-panel texts-unavailable';
  panel.setAttribute('role', 'alert');
  const body = document.createElement('div');
  body.className = 'error-panel__body';
  const title = document.createElement('p');
  title.className = 'error-panel__title';
  title.textContent = words.title;
  const detail = document.createElement('p');
  detail.className = 'error-panel__detail';
  detail.textContent = words.detail;
  body.append(title, detail);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button';
  reload.textContent = words.reload;
  reload.addEventListener('click', () => window.location.reload());
  panel.append(body, reload);
  container.replaceChildren(panel);
  document.documentElement.lang = language;
  reload.focus();
}
