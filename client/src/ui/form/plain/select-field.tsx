import type { ReactNode } from 'react';
import { useSelectBinding } from '../field-bindings';
import type { SelectFieldProps } from '../select-field';
import { SelectOptions } from '../select-options';
import { type ControlProps, PlainField } from './field';

/** The kit's select field in plain HTML (the Chakra skin: ui/form/select-field.tsx). */
export function SelectField(props: SelectFieldProps) {
  const { select, error } = useSelectBinding(props.name, props.onChosen);
  return (
    <PlainField label={props.label} required={props.required} disabled={props.disabled} error={error}>
      {(control) => (
        <NativeSelect control={control} {...select}>
          <SelectOptions options={props.options} placeholder={props.placeholder} />
        </NativeSelect>
      )}
    </PlainField>
  );
}

/** A native select with its arrow (the plain skin's selects). */
export function NativeSelect({
  control,
  children,
  ...select
}: {
  control: ControlProps;
  children: ReactNode;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  onBlur: (event: React.FocusEvent<HTMLSelectElement>) => void;
  name?: string;
}) {
  return (
    <div className="pf-select">
      <select {...control} {...select}>
        {children}
      </select>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </div>
  );
}
