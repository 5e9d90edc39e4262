import { useFormikContext } from 'formik';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationReceivingUnitsQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { RequiredMark } from '../../ui/form/plain/field';
import { SelectField } from '../../ui/form/plain/select-field';
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

/** How long "copied" stays (as Chakra's clipboard). */
const COPIED_MS = 3000;

/** The account number with its copy button; the copy is announced to screen readers. */
function CopyAccountNumber({ account, language }: { account: ReceivingAccount; language: Language }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    void navigator.clipboard?.writeText(account.accountNumber).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <button
        type="button"
        className="ps-button ps-outline pf-copy"
        onClick={copy}
        aria-label={t('donateTransfer.copyLabel', {
          bank: language === 'en' ? account.bankNameEn : account.bankNameTh,
          number: account.accountNumber,
        })}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {t('donateTransfer.copy')}
      </button>
      <p role="status" className="pf-copied">
        {copied ? t('donateTransfer.copied', { number: account.accountNumber }) : ''}
      </p>
    </>
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

  const errorId = `${useId()}-error`;
  return (
    <div className="pf-stack">
      <div className="pf-row">
        <div className="pf-grow-1">
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
        </div>
        <div className="pf-grow-2">
          <SelectField
            name="unitId"
            label={t('donateTransfer.unit')}
            placeholder={t('donateTransfer.unitChoose')}
            required
            disabled={!province}
            options={(province?.units ?? []).map((u) => ({ value: String(u.id), label: name(u) }))}
            onChosen={() => void setFieldValue('moneyAccountId', '')}
          />
        </div>
      </div>
      {unit && (
        <fieldset
          className="pf-fieldset"
          data-invalid={accountError ? '' : undefined}
          aria-describedby={accountError ? errorId : undefined}
        >
          <legend className="pf-legend">
            {t('donateTransfer.accountLegend')}
            <RequiredMark />
          </legend>
          <div className="pf-stack pf-accounts">
            {unit.accounts.map((account) => (
              <div key={account.id} className="pf-account">
                <label className="pf-choice">
                  <input
                    type="radio"
                    name="moneyAccountId"
                    value={String(account.id)}
                    checked={values.moneyAccountId === String(account.id)}
                    onChange={() => {
                      void setFieldValue('moneyAccountId', String(account.id));
                      void setFieldTouched('moneyAccountId', true, false);
                    }}
                    aria-invalid={accountError ? true : undefined}
                  />
                  <span>
                    <span className="pf-account-bank">
                      {language === 'en' ? account.bankNameEn : account.bankNameTh}
                    </span>
                    <span className="pf-account-number">{account.accountNumber}</span>
                    <span className="pf-muted pf-block">
                      {t('donateTransfer.accountName', { name: name(account) })}
                      {account.branch ? ` · ${t('donateTransfer.branch', { branch: account.branch })}` : ''}
                    </span>
                  </span>
                </label>
                <div className="pf-account-copy">
                  <CopyAccountNumber account={account} language={language} />
                </div>
              </div>
            ))}
          </div>
          {accountError && (
            <div className="pf-error" id={errorId}>
              {accountError}
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
