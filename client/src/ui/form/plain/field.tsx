import type { ReactNode } from 'react';
import { useFieldIds } from '../field-bindings';

/** The ids and states a plain control carries (its label's target, its description, invalid). */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
  disabled?: boolean;
  className: string;
}

export interface PlainFieldProps {
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  error?: string;
  /** The control, given its id, description and states. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * The frame of a plain field (ui/public-site.css, "public forms"): label with the required mark, the
 * control, then its help or its error, tied to the control by id as Chakra's Field ties them.
 */
export function PlainField({ label, required, disabled, helperText, error, children }: PlainFieldProps) {
  const ids = useFieldIds(error, helperText);
  return (
    <div className="pf-field" data-invalid={error ? '' : undefined}>
      <label className="pf-label" htmlFor={ids.id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id: ids.id,
        'aria-describedby': ids.describedBy,
        'aria-invalid': error ? true : undefined,
        required,
        disabled,
        className: 'pf-control',
      })}
      <FieldNotes helpId={ids.helpId} errorId={ids.errorId} helperText={helperText} error={error} />
    </div>
  );
}

/** The help under a field, or its error once it has one (announced through the description). */
export function FieldNotes({
  helpId,
  errorId,
  helperText,
  error,
  keepHelp,
}: {
  helpId: string;
  errorId: string;
  helperText?: ReactNode;
  error?: string;
  /** Show the help with the error (a checkbox's link to what is agreed to). */
  keepHelp?: boolean;
}) {
  return (
    <>
      {helperText && (keepHelp || !error) && (
        <div className="pf-help" id={helpId}>
          {helperText}
        </div>
      )}
      {error && (
        <div className="pf-error" id={errorId}>
          {error}
        </div>
      )}
    </>
  );
}

/** The required mark after a label, not read out (the control says it is required). */
export function RequiredMark() {
  return (
    <span className="pf-required" aria-hidden="true">
      {' *'}
    </span>
  );
}
