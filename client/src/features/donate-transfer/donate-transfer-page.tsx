import { Link } from '@tanstack/react-router';
import { Form, Formik, type FormikHelpers, useFormikContext } from 'formik';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiSource, useApiSource } from '../../platform/api-client';
import { useBotCheck } from '../../platform/bot-check';
import { currentLanguage } from '../../platform/i18n';
import { useIdempotencyKey } from '../../platform/idempotency-key';
import { usePublicQuery } from '../../platform/public-query';
import { publicFormFieldErrors } from '../../platform/rest-errors';
import { AddressField } from '../../ui/form/plain/address-field';
import { BEDateField } from '../../ui/form/plain/be-date-field';
import { CheckboxField } from '../../ui/form/plain/checkbox-field';
import { CitizenIdField } from '../../ui/form/plain/citizen-id-field';
import { FormErrorAlert } from '../../ui/form/plain/form-error-alert';
import { RadioField } from '../../ui/form/plain/radio-field';
import { SelectField } from '../../ui/form/plain/select-field';
import { TextField } from '../../ui/form/plain/text-field';
import { usePageTitle } from '../../ui/page-title';
import { PublicLoadError, PublicLoading } from '../../ui/public-states';
import { DonateTransferListsQuery, ReceivingUnitsQuery } from './donate-transfer.queries';
import {
  type DonateTransferValues,
  donateTransferSchema,
  formFieldOf,
  initialDonateTransferValues,
  normaliseAmount,
  toDonationPayload,
} from './donate-transfer.schema';
import { DonateTransferDone, type DonationDone } from './donate-transfer-done';
import { PromptPayQr } from './promptpay-qr';
import { chosen, ReceivingUnitPicker } from './receiving-unit-picker';
import { SlipField } from './slip-field';
import { submitDonation } from './submit-donation';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pf-section">
      <h2>{title}</h2>
      <div className="pf-stack">{children}</div>
    </section>
  );
}

/**
 * What the visitor has typed, kept per app while the tab lives: the page is drawn anew when Chakra
 * arrives under it (a logged-in visitor's session ending loads Chakra for its dialog, and
 * routes/__root.tsx then adds its provider around the page), and the form starts again from here
 * rather than empty. Cleared once the donation is sent.
 */
const drafts = new WeakMap<ApiSource, DonateTransferValues>();

function KeepDraft({ api }: { api: ApiSource }) {
  const { values } = useFormikContext<DonateTransferValues>();
  useEffect(() => {
    drafts.set(api, values);
  }, [api, values]);
  return null;
}

/** The page's column (in plain HTML, ui/public-site.css "public forms"; no Chakra in its chunk). */
function PageColumn({ children }: { children: ReactNode }) {
  return <div className="ps-container pf-page">{children}</div>;
}

/**
 * /donate-money-by-bank-transfer: the visitor picks the receiving unit and account, pays by transfer
 * or PromptPay (the QR carries the amount), attaches the slip, says who they are and whether they
 * want a receipt, agrees to the use of their data, and gets a tracking number (also by e-mail). The
 * server records it as a PENDING money donation for staff to verify.
 */
/** What the donor sends, the slip as its name, size and time (a File has no JSON of its own). */
const slipPrint = (values: DonateTransferValues) => {
  const slip = values.slip as File | null | undefined;
  return { ...values, slip: slip ? [slip.name, slip.size, slip.lastModified] : null };
};

export function DonateTransferPage() {
  const { t } = useTranslation();
  const title = t('pages.donateMoney.title');
  usePageTitle(title);
  const language = currentLanguage();
  // The form is drawn in a transition when the receiving units arrive (useDeferredValue): React
  // renders it in slices, so the page keeps answering taps meanwhile.
  // Without Apollo Client until something else loads it (platform/public-query.ts).
  const units = useDeferredValue(usePublicQuery(ReceivingUnitsQuery));
  const lists = usePublicQuery(DonateTransferListsQuery);
  const botCheck = useBotCheck();
  const api = useApiSource();
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<DonationDone | null>(null);
  // One key per donation, kept across retries of the same send (the server records it once); a
  // changed form or slip is another request and gets a new key.
  const idempotencyKey = useIdempotencyKey();
  const provinces = units.data?.donationReceivingUnits ?? [];
  const label = (item: { nameTh: string; nameEn: string }) => (language === 'en' ? item.nameEn : item.nameTh);

  const submit = async (values: DonateTransferValues, helpers: FormikHelpers<DonateTransferValues>) => {
    setFailure(null);
    try {
      const answer = await submitDonation(
        toDonationPayload(values, idempotencyKey.current(slipPrint(values))),
        values.slip as File,
        botCheck.headers(),
      );
      const { unit } = chosen(provinces, values);
      setDone({ ...answer, amount: values.amount, unitName: unit ? label(unit) : '' });
      drafts.delete(api);
      idempotencyKey.reset();
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setFailure(error);
      const fields = publicFormFieldErrors(error, language);
      if (fields.length) {
        helpers.setErrors(Object.fromEntries(fields.map((f) => [formFieldOf(f.field), f.message])));
        for (const f of fields) void helpers.setFieldTouched(formFieldOf(f.field), true, false);
      }
    } finally {
      botCheck.reset();
    }
  };

  if (done)
    return (
      <PageColumn>
        <DonateTransferDone
          done={done}
          onAgain={() => {
            setDone(null);
            setFailure(null);
          }}
        />
      </PageColumn>
    );

  return (
    <PageColumn>
      <div className="pf-stack pf-form-column">
        <div>
          <h1 className="pf-title">{title}</h1>
          <p className="pf-lead">{t('pages.donateMoney.description')}</p>
        </div>
        {units.loading && !units.data ? (
          // A screen's height, as the form will take at least that: the footer does not jump down
          // when the receiving units arrive (the prerendered page shows this state).
          <div className="pf-screen">
            <PublicLoading />
          </div>
        ) : units.error && !units.data ? (
          <PublicLoadError onRetry={units.refetch} />
        ) : provinces.length === 0 ? (
          <p role="status">{t('donateTransfer.noUnits')}</p>
        ) : (
          <Formik
            initialValues={drafts.get(api) ?? initialDonateTransferValues()}
            validationSchema={donateTransferSchema}
            onSubmit={submit}
          >
            {({ values, isSubmitting }) => {
              const { account } = chosen(provinces, values);
              const anonymous = values.donorType === 'ANONYMOUS';
              const juristic = values.donorType === 'JURISTIC';
              return (
                <Form noValidate aria-label={title}>
                  <KeepDraft api={api} />
                  <div className="pf-stack pf-steps">
                    <Section title={t('donateTransfer.steps.unit')}>
                      <ReceivingUnitPicker provinces={provinces} language={language} />
                    </Section>

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
                              options={(lists.data?.banks ?? []).map((b) => ({
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
                        <BEDateField
                          name="transferredOn"
                          label={t('donateTransfer.transferredOn')}
                          required
                        />
                        <SelectField
                          name="objective"
                          label={t('donateTransfer.objective')}
                          options={(lists.data?.objectives ?? []).map((o) => ({
                            value: o.code,
                            label: o.parentCode ? `— ${label(o)}` : label(o),
                          }))}
                          required
                        />
                      </div>
                    </Section>

                    <Section title={t('donateTransfer.steps.slip')}>
                      <SlipField name="slip" />
                    </Section>

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
                            label={
                              juristic ? t('donateTransfer.juristicName') : t('donateTransfer.donorName')
                            }
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
                        <TextField
                          name="phone"
                          label={t('donateTransfer.phone')}
                          type="tel"
                          autoComplete="tel"
                        />
                      </div>
                    </Section>

                    {!anonymous && (
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
                    )}

                    <CheckboxField
                      name="consent"
                      label={t('donateTransfer.consent')}
                      required
                      helperText={
                        <Link to="/pdpa" target="_blank" rel="noopener" className="ps-link">
                          {t('donateTransfer.consentLink')}
                        </Link>
                      }
                    />
                    <FormErrorAlert error={failure} />
                    {botCheck.widget}
                    <button
                      type="submit"
                      className="ps-button ps-button-lg ps-solid pf-submit"
                      disabled={!botCheck.ready || isSubmitting}
                      aria-busy={isSubmitting || undefined}
                    >
                      {isSubmitting && <span className="ps-spinner pf-on-solid" aria-hidden />}
                      {t('donateTransfer.submit')}
                    </button>
                  </div>
                </Form>
              );
            }}
          </Formik>
        )}
      </div>
    </PageColumn>
  );
}
