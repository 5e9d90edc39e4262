import { Field, NativeSelect } from '@chakra-ui/react';
import { useSelectBinding } from './field-bindings';
import { type SelectOption, SelectOptions } from './select-options';

export type { SelectOption };

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The empty choice's text (e.g. "all" in a search form); no empty choice when omitted. */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Told the value chosen, after the form has it (to clear what depended on the old one). */
  onChosen?: (value: string) => void;
}

/** A native select: the most reliable choice on phones and with screen readers. */
export function SelectField({ label, options, placeholder, required, disabled, ...bound }: SelectFieldProps) {
  const { select, error } = useSelectBinding(bound.name, bound.onChosen);
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...select}>
          <SelectOptions options={options} placeholder={placeholder} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
