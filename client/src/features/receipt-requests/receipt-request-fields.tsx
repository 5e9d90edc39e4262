import { Box, Button, Field, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FieldArray, getIn, useField, useFormikContext } from 'formik';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReceiptRequestFormQuery } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import type { PlaceOption } from '../../ui/form/address-value';
import { PlaceSelect } from '../../ui/form/place-select';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { useFieldError, useTranslateFormError } from '../../ui/form/use-field-error';
import { ATTACHMENT_ACCEPT, formatFileSize } from '../documents';
import { MAX_ITEMS, newItem, type ReceiptRequestValues } from './receipt-request-form';

type Unit = ReceiptRequestFormQuery['receiptRequestUnits'][number];

/** Central offices have no province: they are listed together as choice 0. */
const CENTRAL = 0;
const provinceOf = (unit: Unit) => unit.provinceId ?? CENTRAL;

/** Province first (central offices as their own group), then the units there that receive this kind. */
export function ReceivingUnitFields({ units }: { units: readonly Unit[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { values, setFieldValue, setFieldTouched } = useFormikContext<ReceiptRequestValues>();
  const provinces = new Map<number, PlaceOption>();
  for (const unit of units) {
    const id = provinceOf(unit);
    if (!provinces.has(id))
      provinces.set(id, {
        id,
        nameTh: unit.provinceNameTh ?? t('receiptRequest.central'),
        nameEn: unit.provinceNameEn ?? t('receiptRequest.central'),
      });
  }
  const chosen = values.provinceId === '' ? null : Number(values.provinceId);
  const inProvince = units.filter((unit) => provinceOf(unit) === chosen);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <PlaceSelect
        label={t('receiptRequest.province')}
        value={chosen}
        options={[...provinces.values()]}
        emptyLabel={t('form.choose')}
        required
        onChange={(selected) => {
          void setFieldValue('provinceId', selected);
          void setFieldValue('unitId', '');
        }}
        onBlur={() => void setFieldTouched('provinceId', true)}
      />
      <SelectField
        name="unitId"
        label={t('receiptRequest.unit')}
        placeholder={t('form.choose')}
        required
        disabled={chosen === null}
        options={inProvince.map((unit) => ({
          value: String(unit.id),
          label: language === 'en' ? unit.nameEn : unit.nameTh,
        }))}
      />
    </SimpleGrid>
  );
}

/** The goods given: what, how many, in which unit; one to twenty lines. */
export function ItemsField() {
  const { t } = useTranslation();
  const translate = useTranslateFormError();
  const { values, errors, submitCount } = useFormikContext<ReceiptRequestValues>();
  const listError = getIn(errors, 'items');
  return (
    <FieldArray name="items">
      {(items) => (
        <Stack gap="3" as="fieldset">
          <Text as="legend" fontWeight="600" mb="1">
            {t('receiptRequest.items')}
          </Text>
          {values.items.map((item, index) => {
            const n = index + 1;
            return (
              <Box
                key={item.key}
                role="group"
                aria-label={t('receiptRequest.item', { n })}
                borderWidth="1px"
                rounded="md"
                p="3"
              >
                <HStack justify="space-between" mb="2">
                  <Text fontWeight="600">{t('receiptRequest.item', { n })}</Text>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('receiptRequest.removeItem', { n })}
                    disabled={values.items.length === 1}
                    onClick={() => items.remove(index)}
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                  <TextField
                    name={`items.${index}.description`}
                    label={t('receiptRequest.itemDescription')}
                    maxLength={200}
                    required
                  />
                  <TextField
                    name={`items.${index}.quantity`}
                    label={t('receiptRequest.itemQuantity')}
                    inputMode="decimal"
                    required
                  />
                  <TextField
                    name={`items.${index}.unit`}
                    label={t('receiptRequest.itemUnit')}
                    maxLength={50}
                  />
                </SimpleGrid>
              </Box>
            );
          })}
          {typeof listError === 'string' && submitCount > 0 && (
            <Text color="fg.error" role="alert">
              {translate(listError)}
            </Text>
          )}
          <Button
            variant="outline"
            alignSelf="start"
            disabled={values.items.length >= MAX_ITEMS}
            onClick={() => items.push(newItem())}
          >
            <Plus /> {t('receiptRequest.addItem')}
          </Button>
        </Stack>
      )}
    </FieldArray>
  );
}

/** One evidence file (image or PDF), judged again by the server from its content. */
export function EvidenceField({ required, maxBytes }: { required: boolean; maxBytes: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [field, , helpers] = useField<File | null>('evidence');
  const error = useFieldError('evidence');
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {t('receiptRequest.evidence')}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type="file"
        accept={ATTACHMENT_ACCEPT}
        p="1"
        onChange={(event) => {
          void helpers.setValue(event.target.files?.[0] ?? null);
          void helpers.setTouched(true, false);
        }}
      />
      {!error && (
        <Field.HelperText>
          {field.value
            ? t('receiptRequest.evidenceChosen', {
                name: field.value.name,
                size: formatFileSize(field.value.size, language),
              })
            : t('receiptRequest.evidenceHelp', { max: formatFileSize(maxBytes, language) })}
        </Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
