import { useQuery } from '@apollo/client/react';
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useField } from 'formik';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceTypeName } from '../../gql/graphql';
import type { ApiExistingItem } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { useFieldError } from '../../ui/form/use-field-error';
import { ReferenceOptionsQuery } from './reference.operations';
import { ReferenceInlineCreateSlot } from './reference-inline-create-slot';

/** How many choices one answer brings; more than this and the filter box appears. */
const OPTION_ROWS = 50;
/** Typing pauses this long before the filter asks the server. */
const FILTER_DELAY_MS = 300;

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** A document form's field whose pick list this is (the server applies the save's rule to it). */
export interface PickFor {
  documentType: string;
  field: string;
}

export interface ReferenceOptionSelectProps {
  name: string;
  label: string;
  refType: ReferenceTypeName;
  required: boolean;
  /** The current choice's text (the item's display), shown even when it is no longer active. */
  currentText?: string;
  /**
   * Menu codes that let a person add an item from here (the field descriptor's
   * inlineCreateMenuCodes): holding one shows "add new", which opens the type's own form.
   */
  inlineCreateCodes?: readonly string[];
  pickFor?: PickFor;
}

/**
 * Another type's active items as a native select. Long lists get a filter box that searches on the
 * server (code and names), so the choice never depends on what happens to be loaded.
 */
export function ReferenceOptionSelect({
  name,
  label,
  refType,
  required,
  currentText,
  inlineCreateCodes = [],
  pickFor,
}: ReferenceOptionSelectProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [field, , helpers] = useField<string>(name);
  const menus = useSessionSnapshot().session?.user.menus;
  const InlineCreate = useContext(ReferenceInlineCreateSlot);
  const mayCreate = inlineCreateCodes.some((code) => menus?.some((menu) => menu.code === code));
  // The item just added here: named in the list even before the options come back with it.
  const [created, setCreated] = useState<ApiExistingItem | null>(null);
  const nameOf = (item: { nameTh: string; nameEn?: string | null }) =>
    language === 'en' ? (item.nameEn ?? item.nameTh) : item.nameTh;
  const error = useFieldError(name);
  const [filter, setFilter] = useState('');
  const search = useDebounced(filter.trim(), FILTER_DELAY_MS);
  const options = useQuery(ReferenceOptionsQuery, {
    variables: {
      type: refType,
      search: search || null,
      rows: OPTION_ROWS,
      ...(pickFor ? { documentType: pickFor.documentType, documentField: pickFor.field } : {}),
    },
  });
  const items = options.data?.referenceOptions ?? [];
  const filterable = filter !== '' || items.length >= OPTION_ROWS;
  const value = field.value ?? '';
  const missing = value !== '' && !items.some((item) => String(item.id) === value);
  const createdText =
    created && String(created.id) === value ? `${created.code} ${nameOf(created)}` : undefined;
  const choose = (item: ApiExistingItem) => {
    setCreated(item);
    void helpers.setValue(String(item.id));
  };
  return (
    <Stack gap="2">
      <Field.Root invalid={Boolean(error)} required={required}>
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...field} value={value}>
            <option value="">{t('form.choose')}</option>
            {missing && <option value={value}>{createdText ?? currentText ?? value}</option>}
            {items.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.code} {nameOf(item)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {mayCreate && InlineCreate && <InlineCreate refType={refType} fieldLabel={label} onCreated={choose} />}
      {/* Outside the field, so the label stays the select's own. */}
      {filterable && (
        <Input
          size="sm"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t('reference.filterOptions')}
          aria-label={t('reference.filterOptionsOf', { field: label })}
        />
      )}
    </Stack>
  );
}
