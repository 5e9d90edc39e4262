import { Checkbox, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useCheckBinding } from './field-bindings';

export interface CheckboxFieldProps {
  /** A boolean Formik value. */
  name: string;
  label: string;
  required?: boolean;
  /** Shown under the box (e.g. a link to read what is agreed to), outside the clickable label. */
  helperText?: ReactNode;
}

/** A labelled checkbox bound to a boolean Formik value; errors are announced like a text field's. */
export function CheckboxField({ name, label, required, helperText }: CheckboxFieldProps) {
  const { checked, check, onBlur, error } = useCheckBinding(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Checkbox.Root
        checked={checked}
        alignItems="flex-start"
        onCheckedChange={(details) => check(details.checked === true)}
      >
        <Checkbox.HiddenInput name={name} onBlur={onBlur} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Checkbox.Label>
      </Checkbox.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
