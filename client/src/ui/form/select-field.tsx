import { Field, NativeSelect } from '@chakra-ui/react';
import { useSelectBinding } from './field-bindings';

export interface SelectOption {
  value: string;
  label: string;
}

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
export function SelectField({
  name,
  label,
  options,
  placeholder,
  required,
  disabled,
  onChosen,
}: SelectFieldProps) {
  const { select, error } = useSelectBinding(name, onChosen);
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
