import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Field } from './Field';
import './Combobox.css';

export interface ComboboxOption {
  value: string;
  /** The option's accessible name and main text. */
  label: string;
  /** Extra words that filtering also matches (e.g. the asset's full name). */
  keywords?: string;
  /** A second, quieter line. */
  detail?: ReactNode;
}

/**
 * A searchable choice from a long list, after the WAI-ARIA combobox pattern (input + listbox): type
 * to filter, arrow keys move, Enter chooses, Escape closes (or clears the typing), the list never
 * takes focus. The caller orders the options; an option whose value equals the typed text comes first.
 */
export function Combobox(props: {
  label: ReactNode;
  hint?: ReactNode;
  error: string | readonly string[] | undefined;
  placeholder: string;
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Said in the list when nothing matches. */
  noMatch?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const selected = props.options.find((o) => o.value === props.value);

  const matches = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    if (!q) return props.options;
    const found = props.options.filter((o) => o.value.toLowerCase().startsWith(q) || `${o.label} ${o.keywords ?? ''}`.toLowerCase().includes(q));
    return [...found.filter((o) => o.value.toLowerCase() === q), ...found.filter((o) => o.value.toLowerCase() !== q)];
  }, [props.options, query]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const show = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, matches.length - 1)));
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  };
  const choose = (option: ComboboxOption | undefined) => {
    if (option) props.onChange(option.value);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        show(open ? active + 1 : Math.max(0, matches.findIndex((o) => o.value === props.value)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        show(open ? active - 1 : matches.length - 1);
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        show(event.key === 'Home' ? 0 : matches.length - 1);
        break;
      case 'Enter':
        if (!open) return;
        // Choosing is not submitting the form.
        event.preventDefault();
        choose(matches[active]);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setQuery(null);
        } else if (query !== null) setQuery(null);
        break;
    }
  };

  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <div className="combobox">
          <input
            {...control}
            ref={inputRef}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck="false"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
            placeholder={props.placeholder}
            value={query ?? selected?.label ?? ''}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onClick={() => setOpen((o) => !o)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setQuery(null);
              props.onBlur();
            }}
          />
          <ul className="combobox__list" id={listId} role="listbox" aria-label={typeof props.label === 'string' ? props.label : undefined} hidden={!open}>
            {/* Items only while open: a closed list of 250 countries re-rendered on every keystroke of the form costs for nothing. */}
            {(open ? matches : []).map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === props.value}
                className={index === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
                // Keeps focus in the input, so blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(index)}
              >
                <span className="combobox__label">{option.label}</span>
                {option.detail ? <span className="combobox__detail">{option.detail}</span> : null}
              </li>
            ))}
            {open && matches.length === 0 ? <li className="combobox__empty">{props.noMatch ?? t`Nothing matches.`}</li> : null}
          </ul>
        </div>
      )}
    </Field>
  );
}
