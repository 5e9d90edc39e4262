import { useTranslation } from 'react-i18next';
import { citizenIdKind } from './field-bindings';
import { TextField } from './text-field';

export interface CitizenIdFieldProps {
  name: string;
  label: string;
  required?: boolean;
}

/** The 13-digit citizen id (field-bindings.ts, citizenIdKind). */
export function CitizenIdField({ name, label, required }: CitizenIdFieldProps) {
  const { t } = useTranslation();
  return <TextField name={name} label={label} required={required} {...citizenIdKind(t)} />;
}
