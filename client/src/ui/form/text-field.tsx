import { Field, Input, type InputProps } from '@chakra-ui/react';
import { type TextFieldOwnProps, useTextBinding } from './field-bindings';

export interface TextFieldProps
  extends Omit<InputProps, 'name' | 'value' | 'onChange' | 'onBlur'>,
    TextFieldOwnProps {}

/** A labelled text input bound to Formik; errors are announced through the field's description. */
export function TextField({ name, label, helperText, required, normalise, ...inputProps }: TextFieldProps) {
  const { input, error } = useTextBinding(name, normalise);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...inputProps} {...input} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
