import { useTranslation } from 'react-i18next';
import type { CitizenIdFieldProps } from '../citizen-id-field';
import { citizenIdKind } from '../field-bindings';
import { TextField } from './text-field';

/** The 13-digit citizen id in plain HTML (field-bindings.ts, citizenIdKind). */
export function CitizenIdField({ name, label, required }: CitizenIdFieldProps) {
  const { t } = useTranslation();
  return <TextField name={name} label={label} required={required} {...citizenIdKind(t)} />;
}
