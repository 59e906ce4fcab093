import { useEffect, useRef } from 'react';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { describeKeys, SHORTCUTS, type ShortcutAction } from '../../shared/navigation';
import { IS_MAC } from './shortcuts';
import { VIEWS } from './views';

/**
 * What a shortcut does, in the page's language. shared/navigation.ts holds the English the Electron
 * menu shows; the page words it from the action instead.
 */
export function shortcutDescription(action: ShortcutAction): string {
  switch (action.kind) {
    case 'view': {
      const view = VIEWS.find((v) => v.id === action.view);
      const name = view ? i18n._(view.label) : action.view;
      return t`Open ${name}`;
    }
    case 'refresh':
      return t`Refresh the open view`;
    case 'search':
      return t`Search or filter the open view`;
    case 'help':
      return t`Show keyboard shortcuts`;
  }
}

/**
 * The keyboard shortcuts, listed in a modal dialog. A native <dialog>: it traps focus, closes on
 * Escape, and on close focus goes back to whatever had it before (the opener).
 */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const closed = () => {
    onClose();
    // Chromium restores focus itself; jsdom and older engines do not, so do it here too.
    if (opener.current?.isConnected) opener.current.focus();
  };
  const close = () => {
    const element = dialog.current;
    if (!element?.open) return;
    if (typeof element.close === 'function') element.close(); // fires the close event
    else {
      element.removeAttribute('open');
      closed();
    }
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // showModal focuses the dialog's first control (Close). jsdom has no showModal: there the
      // dialog is simply shown, and Close focused by hand. (Not React's autoFocus: that focuses on
      // mount, and the dialog mounts before it opens, sometimes in the very commit that opens it;
      // the opener read just above was then Close itself, and Escape left focus in a closed dialog.)
      if (typeof element.showModal === 'function') element.showModal();
      else {
        element.setAttribute('open', '');
        element.querySelector<HTMLElement>('.dialog__actions button')?.focus();
      }
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog shortcuts-help"
      aria-labelledby="shortcuts-help-title"
      onClose={closed}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialog.current) close();
      }}
    >
      <div className="dialog__content">
        <h2 className="dialog__title" id="shortcuts-help-title">
          {t`Keyboard shortcuts`}
        </h2>
        <table className="shortcuts-help__table">
          <thead>
            <tr>
              <th scope="col">{t`Keys`}</th>
              <th scope="col">{t`Action`}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.keys.map((combo) => describeKeys(combo, false)).join(' ')}>
                <td>
                  {shortcut.keys.map((combo, i) => (
                    <span key={i}>
                      {i > 0 ? ` ${t({ message: 'or', context: 'keys' })} ` : null}
                      <kbd>{describeKeys(combo, IS_MAC)}</kbd>
                    </span>
                  ))}
                </td>
                <td>{shortcutDescription(shortcut.action)}</td>
              </tr>
            ))}
            <tr>
              <td>
                <kbd>Esc</kbd>
              </td>
              <td>{t`Close a dialog or a confirmation`}</td>
            </tr>
          </tbody>
        </table>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close}>
            {t`Close`}
          </button>
        </div>
      </div>
    </dialog>
  );
}
