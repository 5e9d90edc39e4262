import { Fieldset, RadioGroup, Stack } from '@chakra-ui/react';
import { useChoiceBinding } from './field-bindings';

export interface RadioOption {
  value: string;
  label: string;
}

export interface RadioFieldProps {
  name: string;
  /** The question the options answer (the group's legend, read by screen readers). */
  legend: string;
  options: readonly RadioOption[];
  required?: boolean;
  /** Side by side from the small breakpoint (short answers); stacked otherwise. */
  inline?: boolean;
}

/** A few choices seen at once, bound to a Formik string value; a fieldset whose legend names them. */
export function RadioField({ name, legend, options, required, inline }: RadioFieldProps) {
  const { value, choose, onBlur, error } = useChoiceBinding(name);
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="600" fontSize="sm">
        {legend}
        {required && (
          <span aria-hidden="true" style={{ color: 'var(--chakra-colors-fg-error)' }}>
            {' *'}
          </span>
        )}
      </Fieldset.Legend>
      <RadioGroup.Root name={name} value={value} onValueChange={(details) => choose(details.value ?? '')}>
        <Stack
          direction={inline ? { base: 'column', sm: 'row' } : 'column'}
          gap={inline ? { base: '2', sm: '6' } : '2'}
        >
          {options.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value} minH="8">
              <RadioGroup.ItemHiddenInput onBlur={onBlur} />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
