import { useField } from 'formik';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useId } from 'react';
import { CITIZEN_ID_LENGTH, normaliseCitizenId } from '../validation/citizen-id';
import { useFieldError } from './use-field-error';

// The form kit's logic, once: how each kind of field binds to Formik, which error it shows and how
// typed text is rewritten. Two skins draw it (docs/public-site.md, "The public forms without Apollo
// and Chakra"): the Chakra one (ui/form/*.tsx: the back office and most public forms) and the plain-HTML
// one (ui/form/plain/*.tsx, styled by ui/public-site.css: public pages whose first load does without
// Chakra). A skin only lays out what these return.

/** What a text field of either skin is told beyond its input's own attributes. */
export interface TextFieldOwnProps {
  name: string;
  label: string;
  helperText?: string;
  /** Rewrites what is typed before it reaches the form (keep digits, insert slashes, …). */
  normalise?: (typed: string) => string;
}

/** A text input's value, change and blur, with what is typed rewritten by `normalise` first. */
export function useTextBinding(name: string, normalise?: (typed: string) => string) {
  const [field, , helpers] = useField<string>(name);
  return {
    input: {
      name: field.name,
      value: field.value ?? '',
      onBlur: field.onBlur,
      onChange: normalise
        ? (event: ChangeEvent<HTMLInputElement>) => void helpers.setValue(normalise(event.target.value))
        : field.onChange,
    },
    error: useFieldError(name),
  };
}

/** A native select's value and change; `onChosen` is told the value after the form has it. */
export function useSelectBinding(name: string, onChosen?: (value: string) => void) {
  const [field] = useField<string>(name);
  return {
    select: {
      name: field.name,
      value: field.value ?? '',
      onBlur: field.onBlur,
      onChange: (event: ChangeEvent<HTMLSelectElement>) => {
        field.onChange(event);
        onChosen?.(event.target.value);
      },
    },
    error: useFieldError(name),
  };
}

/** One choice of a few (radio buttons): choosing also marks the field touched. */
export function useChoiceBinding(name: string) {
  const [field, , helpers] = useField<string>(name);
  return {
    value: field.value ?? '',
    choose: (value: string) => {
      void helpers.setValue(value);
      void helpers.setTouched(true, false);
    },
    onBlur: field.onBlur,
    error: useFieldError(name),
  };
}

/** A boolean value (a checkbox): ticking also marks the field touched. */
export function useCheckBinding(name: string) {
  const [field, , helpers] = useField<boolean>(name);
  return {
    checked: field.value === true,
    check: (checked: boolean) => {
      void helpers.setValue(checked);
      void helpers.setTouched(true, false);
    },
    onBlur: field.onBlur,
    error: useFieldError(name),
  };
}

/** What the input of a text field is told beyond its binding (the kit's special fields). */
export interface TextFieldKind {
  inputMode: 'numeric' | 'decimal' | 'text';
  autoComplete: string;
  maxLength: number;
  helperText: string;
  placeholder?: string;
  normalise: (typed: string) => string;
}

/**
 * The 13-digit citizen id. Only digits are kept (pasting 1-2345-67890-12-1 works); the checksum is
 * validated by citizenIdText() in the form's schema.
 */
export const citizenIdKind = (t: TFunction): TextFieldKind => ({
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: CITIZEN_ID_LENGTH,
  helperText: t('form.citizenIdHelp'),
  normalise: (typed) => normaliseCitizenId(typed).slice(0, CITIZEN_ID_LENGTH),
});

/**
 * A Buddhist-era date typed as dd/mm/yyyy (e.g. 22/11/2569). A text input rather than the browser's
 * date picker: native pickers show the Gregorian year, which is exactly what users must not enter.
 * Validate with optionalBEDate() (ui/validation/schemas.ts); convert with parseBE/toApiDate.
 */
export const beDateKind = (t: TFunction): TextFieldKind => ({
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 10,
  helperText: t('form.beDateHelp'),
  placeholder: t('form.beDatePlaceholder'),
  normalise: insertSlashes,
});

/** Typing 22112569 gives 22/11/2569; text that already has slashes is left alone. */
export function insertSlashes(text: string): string {
  if (text.includes('/')) return text;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * The ids that tie a plain field's label, help and error to its control (Chakra's Field does this
 * itself): the control is described by its help, or by its error once it has one.
 */
export function useFieldIds(error: string | undefined, helperText?: unknown) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return {
    id,
    helpId,
    errorId,
    describedBy: error ? errorId : helperText ? helpId : undefined,
  };
}
