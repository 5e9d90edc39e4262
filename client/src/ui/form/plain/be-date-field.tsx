import { useTranslation } from 'react-i18next';
import type { BEDateFieldProps } from '../be-date-field';
import { beDateKind } from '../field-bindings';
import { TextField } from './text-field';

/** A Buddhist-era date in plain HTML (field-bindings.ts, beDateKind). */
export function BEDateField({ name, label, required }: BEDateFieldProps) {
  const { t } = useTranslation();
  return <TextField name={name} label={label} required={required} {...beDateKind(t)} />;
}
