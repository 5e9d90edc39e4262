import type { InputHTMLAttributes } from 'react';
import { useTextBinding } from '../field-bindings';
import { PlainField } from './field';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'> {
  name: string;
  label: string;
  helperText?: string;
  /** Rewrites what is typed before it reaches the form (keep digits, insert slashes, …). */
  normalise?: (typed: string) => string;
}

/** The kit's text field in plain HTML (the Chakra skin: ui/form/text-field.tsx). */
export function TextField({ name, label, helperText, required, normalise, ...inputProps }: TextFieldProps) {
  const { input, error } = useTextBinding(name, normalise);
  return (
    <PlainField label={label} required={required} helperText={helperText} error={error}>
      {(control) => <input type="text" {...inputProps} {...control} {...input} />}
    </PlainField>
  );
}
