import type { CheckboxFieldProps } from '../checkbox-field';
import { useCheckBinding, useFieldIds } from '../field-bindings';
import { FieldNotes, RequiredMark } from './field';

/** The kit's checkbox field in plain HTML (the Chakra skin: ui/form/checkbox-field.tsx). */
export function CheckboxField({ name, label, required, helperText }: CheckboxFieldProps) {
  const { checked, check, onBlur, error } = useCheckBinding(name);
  const ids = useFieldIds(error, helperText);
  return (
    <div className="pf-field" data-invalid={error ? '' : undefined}>
      <label className="pf-choice">
        <input
          type="checkbox"
          id={ids.id}
          name={name}
          checked={checked}
          onChange={(event) => check(event.target.checked)}
          onBlur={onBlur}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [helperText ? ids.helpId : null, error ? ids.errorId : null].filter(Boolean).join(' ') ||
            undefined
          }
        />
        <span>
          {label}
          {required && <RequiredMark />}
        </span>
      </label>
      <FieldNotes helpId={ids.helpId} errorId={ids.errorId} helperText={helperText} error={error} keepHelp />
    </div>
  );
}
