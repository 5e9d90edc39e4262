import type { InputHTMLAttributes } from 'react';
import { type TextFieldOwnProps, useTextBinding } from '../field-bindings';
import { PlainField } from './field';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'>,
    TextFieldOwnProps {}

/** The kit's text field in plain HTML (the Chakra skin: ui/form/text-field.tsx). */
export function TextField({ label, helperText, required, ...rest }: TextFieldProps) {
  const { name, normalise, ...inputProps } = rest;
  const { input, error } = useTextBinding(name, normalise);
  return (
    <PlainField label={label} required={required} helperText={helperText} error={error}>
      {(control) => <input type="text" {...inputProps} {...control} {...input} />}
    </PlainField>
  );
}
