import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonateTransferListsQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { AddressField } from '../../ui/form/plain/address-field';
import { BEDateField } from '../../ui/form/plain/be-date-field';
import { CitizenIdField } from '../../ui/form/plain/citizen-id-field';
import { RadioField } from '../../ui/form/plain/radio-field';
import { SelectField } from '../../ui/form/plain/select-field';
import { TextField } from '../../ui/form/plain/text-field';
import { type DonateTransferValues, normaliseAmount } from './donate-transfer.schema';
import { PromptPayQr } from './promptpay-qr';
import { chosen, type ReceivingProvince } from './receiving-unit-picker';

// The steps of the transfer donation form (donate-transfer-page.tsx) after the receiving unit: the
// amount and how it was paid, who the donor is, and where the receipt goes. Each reads the form's
// values itself.

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pf-section">
      <h2>{title}</h2>
      <div className="pf-stack">{children}</div>
    </section>
  );
}

/** A list item's name in the page's language. */
export const nameIn = (language: Language) => (item: { nameTh: string; nameEn: string }) =>
  language === 'en' ? item.nameEn : item.nameTh;

/** The amount, the payment (transfer or PromptPay, with the chosen account's QR), date and objective. */
export function AmountStep({
  provinces,
  lists,
  language,
}: {
  provinces: readonly ReceivingProvince[];
  lists: DonateTransferListsQuery | undefined;
  language: Language;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<DonateTransferValues>();
  const { account } = chosen(provinces, values);
  const label = nameIn(language);
  return (
    <Section title={t('donateTransfer.steps.amount')}>
      <div className="pf-grid pf-grid-top">
        <div className="pf-stack">
          <TextField
            name="amount"
            label={t('donateTransfer.amount')}
            helperText={t('donateTransfer.amountHelp')}
            inputMode="decimal"
            autoComplete="transaction-amount"
            normalise={normaliseAmount}
            required
          />
          <RadioField
            name="transferType"
            legend={t('donateTransfer.transferType')}
            options={[
              { value: 'TRANSFER', label: t('donateTransfer.transfer') },
              { value: 'PROMPTPAY', label: t('donateTransfer.promptPay') },
            ]}
            inline
            required
          />
        </div>
        {account?.promptPay ? (
          <PromptPayQr
            moneyAccountId={account.id}
            accountName={label({
              nameTh: account.nameTh,
              nameEn: account.nameEn ?? account.nameTh,
            })}
            amount={values.amount}
          />
        ) : account ? (
          <p className="pf-muted">{t('donateTransfer.noPromptPay')}</p>
        ) : null}
      </div>
      <div className="pf-grid">
        {values.transferType === 'TRANSFER' && (
          <>
            <SelectField
              name="bank"
              label={t('donateTransfer.bank')}
              placeholder={t('form.choose')}
              options={(lists?.banks ?? []).map((b) => ({
                value: b.code,
                label: label(b),
              }))}
              required
            />
            <TextField
              name="paymentReference"
              label={t('donateTransfer.paymentReference')}
              maxLength={50}
              autoComplete="off"
              required
            />
          </>
        )}
        <BEDateField name="transferredOn" label={t('donateTransfer.transferredOn')} required />
        <SelectField
          name="objective"
          label={t('donateTransfer.objective')}
          options={(lists?.objectives ?? []).map((o) => ({
            value: o.code,
            label: o.parentCode ? `— ${label(o)}` : label(o),
          }))}
          required
        />
      </div>
    </Section>
  );
}

/** Who the donor is (a person, a juristic person or anonymous) and how to reach them. */
export function DonorStep() {
  const { t } = useTranslation();
  const { values } = useFormikContext<DonateTransferValues>();
  const anonymous = values.donorType === 'ANONYMOUS';
  const juristic = values.donorType === 'JURISTIC';
  return (
    <Section title={t('donateTransfer.steps.donor')}>
      <RadioField
        name="donorType"
        legend={t('donateTransfer.donorType')}
        options={[
          { value: 'PERSON', label: t('donateTransfer.person') },
          { value: 'JURISTIC', label: t('donateTransfer.juristic') },
          { value: 'ANONYMOUS', label: t('donateTransfer.anonymous') },
        ]}
        inline
        required
      />
      {anonymous ? (
        <p className="pf-muted">{t('donateTransfer.anonymousNote')}</p>
      ) : (
        <div className="pf-grid">
          <TextField
            name="donorName"
            label={juristic ? t('donateTransfer.juristicName') : t('donateTransfer.donorName')}
            autoComplete={juristic ? 'organization' : 'name'}
            maxLength={255}
            required
          />
          <CitizenIdField
            name="taxId"
            label={juristic ? t('donateTransfer.juristicTaxId') : t('donateTransfer.taxId')}
            required
          />
        </div>
      )}
      <div className="pf-grid">
        <TextField
          name="email"
          label={t('donateTransfer.email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          helperText={t('donateTransfer.emailHelp')}
          required={!anonymous && values.receiptDelivery === 'EMAIL'}
        />
        <TextField name="phone" label={t('donateTransfer.phone')} type="tel" autoComplete="tel" />
      </div>
    </Section>
  );
}

/** Whether a receipt is wanted, by e-mail or by post (with the postal address). */
export function ReceiptStep() {
  const { t } = useTranslation();
  const { values } = useFormikContext<DonateTransferValues>();
  return (
    <Section title={t('donateTransfer.steps.receipt')}>
      <RadioField
        name="receiptDelivery"
        legend={t('donateTransfer.receiptDelivery')}
        options={[
          { value: 'EMAIL', label: t('donateTransfer.receiptEmail') },
          { value: 'POST', label: t('donateTransfer.receiptPost') },
          { value: 'NONE', label: t('donateTransfer.receiptNone') },
        ]}
        required
      />
      {values.receiptDelivery === 'POST' && (
        <>
          <TextField
            name="addressLine"
            label={t('donateTransfer.addressLine')}
            autoComplete="street-address"
            maxLength={500}
            required
          />
          <AddressField name="address" legend={t('donateTransfer.address')} required />
        </>
      )}
    </Section>
  );
}
