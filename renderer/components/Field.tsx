import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What a field hands its control so the label, error and hint reach assistive technology. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A labelled form control with its errors (announced) and hint, wired by aria-describedby. The
 * control is the caller's (input, select, uncontrolled secret input); spread `control` on it.
 */
export function Field(props: {
  label: ReactNode;
  /** One message, or several when the main process rejected the value for several reasons. */
  error?: string | readonly string[] | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errors = (props.error === undefined ? [] : typeof props.error === 'string' ? [props.error] : props.error).map((message, i) => ({ message, id: `${id}-error${i || ''}` }));
  const invalid = errors.length > 0;
  const describedBy = [...errors.map((e) => e.id), props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      {props.children({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid ? true : undefined })}
      {errors.map((error) => (
        <span key={error.id} className="field__error" id={error.id} role="alert">
          {error.message}
        </span>
      ))}
      {props.hint ? (
        <span className="field__hint" id={hintId}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

/** A plain text input in a Field: names, keys, and every extra detail a withdrawal may need. */
export function TextInputField({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  error: string | readonly string[] | undefined;
  className?: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input type="text" autoComplete="off" spellCheck="false" {...input} {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/**
 * A choice from a list in a Field. With a `placeholder`, a first "Choose…" entry stands for no
 * choice yet; without one, the list always holds a choice (a setting). `lang` names an option
 * written in another language (a language's own name).
 */
export function SelectField(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | readonly string[] | undefined;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean; lang?: string; title?: string }>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <select {...control} value={props.value} onChange={(e) => props.onChange(e.target.value)} onBlur={props.onBlur}>
          {props.placeholder === undefined ? null : <option value="">{props.placeholder}</option>}
          {props.options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang} title={option.title}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
