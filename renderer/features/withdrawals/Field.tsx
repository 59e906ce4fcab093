import { useId, type ReactNode } from 'react';

/** A labelled form control with its error (announced) and hint, wired by aria-describedby. */
export function Field(props: { label: string; error?: string; hint?: string; wide?: boolean; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${props.wide ? ' withdraw-form__wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      {props.children(id, describedBy)}
      {props.error ? (
        <span className="field__error" id={errorId} role="alert">
          {props.error}
        </span>
      ) : null}
      {props.hint ? (
        <span className="field__hint" id={hintId}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

/** A plain text input in a Field: the shape every extra detail (payout, Travel Rule) takes. */
export function TextInputField(props: {
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(id, describedBy) => (
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy}
          aria-invalid={props.error ? true : undefined}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        />
      )}
    </Field>
  );
}
