import { Field, Textarea } from '@chakra-ui/react';
import { useField } from 'formik';
import { useFieldError } from './use-field-error';

export interface TextareaFieldProps {
  name: string;
  label: string;
  required?: boolean;
  rows?: number;
}

export function TextareaField({ name, label, required, rows = 3 }: TextareaFieldProps) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea rows={rows} {...field} value={field.value ?? ''} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
