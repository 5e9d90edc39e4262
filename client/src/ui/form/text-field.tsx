import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';
import { useFieldError } from './use-field-error';

export interface TextFieldProps extends Omit<InputProps, 'name' | 'value' | 'onChange' | 'onBlur'> {
  name: string;
  label: string;
  helperText?: string;
}

/** A labelled text input bound to Formik; errors are announced through the field's description. */
export function TextField({ name, label, helperText, required, ...inputProps }: TextFieldProps) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...inputProps} {...field} value={field.value ?? ''} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
