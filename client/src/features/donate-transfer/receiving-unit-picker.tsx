import { Box, Button, Clipboard, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { Check, Copy } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationReceivingUnitsQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { SelectField } from '../../ui/form/select-field';
import { useFieldError } from '../../ui/form/use-field-error';
import type { DonateTransferValues } from './donate-transfer.schema';

export type ReceivingProvince = DonationReceivingUnitsQuery['donationReceivingUnits'][number];
export type ReceivingUnit = ReceivingProvince['units'][number];
export type ReceivingAccount = ReceivingUnit['accounts'][number];

/** The province select's value: its id, or 'central' for central offices without a province. */
export const provinceKey = (p: Pick<ReceivingProvince, 'provinceId'>) =>
  p.provinceId === null || p.provinceId === undefined ? 'central' : String(p.provinceId);

/** The unit and account the values name, when the lists hold them. */
export function chosen(provinces: readonly ReceivingProvince[], values: DonateTransferValues) {
  const unit = provinces.flatMap((p) => p.units).find((u) => String(u.id) === values.unitId) ?? null;
  const account = unit?.accounts.find((a) => String(a.id) === values.moneyAccountId) ?? null;
  return { unit, account };
}

/** The account number with its copy button; the copy is announced to screen readers. */
function CopyAccountNumber({ account, language }: { account: ReceivingAccount; language: Language }) {
  const { t } = useTranslation();
  return (
    <Clipboard.Root value={account.accountNumber}>
      <Clipboard.Context>
        {({ copied }) => (
          <>
            <Clipboard.Trigger
              asChild
              aria-label={t('donateTransfer.copyLabel', {
                bank: language === 'en' ? account.bankNameEn : account.bankNameTh,
                number: account.accountNumber,
              })}
            >
              <Button size="sm" variant="outline" minH="10">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {t('donateTransfer.copy')}
              </Button>
            </Clipboard.Trigger>
            <Text role="status" fontSize="sm" color="fg.success" minH="5">
              {copied ? t('donateTransfer.copied', { number: account.accountNumber }) : ''}
            </Text>
          </>
        )}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}

/**
 * Province, then unit, then the unit's accounts (bank, number to copy, name): the account chosen is
 * the one the visitor pays into. A unit with one account has it chosen at once.
 */
export function ReceivingUnitPicker({
  provinces,
  language,
}: {
  provinces: readonly ReceivingProvince[];
  language: Language;
}) {
  const { t } = useTranslation();
  const { values, setFieldValue, setFieldTouched } = useFormikContext<DonateTransferValues>();
  const accountError = useFieldError('moneyAccountId');
  const name = (item: { nameTh: string; nameEn?: string | null }) =>
    language === 'en' && item.nameEn ? item.nameEn : item.nameTh;
  const province = provinces.find((p) => provinceKey(p) === values.province) ?? null;
  const { unit } = chosen(provinces, values);

  useEffect(() => {
    if (unit?.accounts.length === 1 && values.moneyAccountId !== String(unit.accounts[0].id))
      void setFieldValue('moneyAccountId', String(unit.accounts[0].id));
  }, [unit, values.moneyAccountId, setFieldValue]);

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Box flex="1">
          <SelectField
            name="province"
            label={t('donateTransfer.province')}
            placeholder={t('donateTransfer.provinceChoose')}
            options={provinces.map((p) => ({
              value: provinceKey(p),
              label: language === 'en' ? p.provinceNameEn : p.provinceNameTh,
            }))}
            onChosen={() => {
              void setFieldValue('unitId', '');
              void setFieldValue('moneyAccountId', '');
            }}
          />
        </Box>
        <Box flex="2">
          <SelectField
            name="unitId"
            label={t('donateTransfer.unit')}
            placeholder={t('donateTransfer.unitChoose')}
            required
            disabled={!province}
            options={(province?.units ?? []).map((u) => ({ value: String(u.id), label: name(u) }))}
            onChosen={() => void setFieldValue('moneyAccountId', '')}
          />
        </Box>
      </Stack>
      {unit && (
        <Fieldset.Root invalid={Boolean(accountError)}>
          <Fieldset.Legend fontWeight="600">{t('donateTransfer.accountLegend')}</Fieldset.Legend>
          <RadioGroup.Root
            name="moneyAccountId"
            value={values.moneyAccountId}
            onValueChange={(details) => {
              void setFieldValue('moneyAccountId', details.value ?? '');
              void setFieldTouched('moneyAccountId', true, false);
            }}
          >
            <Stack gap="3">
              {unit.accounts.map((account) => (
                <Box key={account.id} borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
                  <RadioGroup.Item value={String(account.id)} alignItems="flex-start">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator mt="1" />
                    <RadioGroup.ItemText>
                      <Text as="span" display="block" fontWeight="600">
                        {language === 'en' ? account.bankNameEn : account.bankNameTh}
                      </Text>
                      <Text as="span" display="block" fontSize="xl" fontFamily="mono" letterSpacing="wide">
                        {account.accountNumber}
                      </Text>
                      <Text as="span" display="block" color="fg.muted">
                        {t('donateTransfer.accountName', { name: name(account) })}
                        {account.branch ? ` · ${t('donateTransfer.branch', { branch: account.branch })}` : ''}
                      </Text>
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <Box mt="2" ps="7">
                    <CopyAccountNumber account={account} language={language} />
                  </Box>
                </Box>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Fieldset.ErrorText>{accountError}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    </Stack>
  );
}
