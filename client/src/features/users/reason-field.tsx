import { Field, Textarea } from '@chakra-ui/react';

export interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

/** The free-text reason of a rejection, inside a confirm dialog. */
export function ReasonField({ label, value, onChange, required = false }: ReasonFieldProps) {
  return (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea value={value} maxLength={500} rows={3} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  );
}
