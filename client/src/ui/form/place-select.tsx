import { Field, NativeSelect } from '@chakra-ui/react';
import { PlaceOptions } from '../public-place-select';
import type { PlaceOption } from './address-value';

export interface PlaceSelectProps {
  label: string;
  value: number | null;
  options: readonly PlaceOption[];
  emptyLabel: string;
  onChange: (selected: string) => void;
  onBlur: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}

/** One level of the address picker: a native select, reliable on phones and with screen readers. */
export function PlaceSelect({
  label,
  value,
  options,
  emptyLabel,
  onChange,
  onBlur,
  required,
  disabled,
  error,
}: PlaceSelectProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          <PlaceOptions options={options} emptyLabel={emptyLabel} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
