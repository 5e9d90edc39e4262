import { useId } from 'react';
import { useChoiceBinding } from '../field-bindings';
import type { RadioFieldProps } from '../radio-field';
import { RequiredMark } from './field';

/** The kit's radio field in plain HTML: native radio buttons in a fieldset (Chakra's: ui/form/radio-field.tsx). */
export function RadioField({ name, legend, options, required, inline }: RadioFieldProps) {
  const { value, choose, onBlur, error } = useChoiceBinding(name);
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className="pf-fieldset"
      data-invalid={error ? '' : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="pf-legend">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={inline ? 'pf-choices pf-inline' : 'pf-choices'}>
        {options.map((option) => (
          <label key={option.value} className="pf-choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => choose(option.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <div className="pf-error" id={errorId}>
          {error}
        </div>
      )}
    </fieldset>
  );
}
