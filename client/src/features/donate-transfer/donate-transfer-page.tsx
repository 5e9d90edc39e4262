import { Link } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiSource } from '../../platform/api-client';
import { useBotCheck } from '../../platform/bot-check';
import { currentLanguage } from '../../platform/i18n';
import { usePublicQuery } from '../../platform/public-query';
import { CheckboxField } from '../../ui/form/plain/checkbox-field';
import { FormErrorAlert } from '../../ui/form/plain/form-error-alert';
import { usePageTitle } from '../../ui/page-title';
import { PublicLoadError, PublicLoading } from '../../ui/public-states';
import { DonateTransferListsQuery, ReceivingUnitsQuery } from './donate-transfer.queries';
import { donateTransferSchema, initialDonateTransferValues } from './donate-transfer.schema';
import { DonateTransferDone } from './donate-transfer-done';
import { AmountStep, DonorStep, ReceiptStep, Section } from './donate-transfer-steps';
import { drafts, KeepDraft } from './donation-draft';
import { ReceivingUnitPicker } from './receiving-unit-picker';
import { SlipField } from './slip-field';
import { useDonationSubmit } from './use-donation-submit';

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
  const provinces = units.data?.donationReceivingUnits ?? [];
  const { submit, failure, done, again } = useDonationSubmit({ provinces, language, api, botCheck });

  if (done)
    return (
      <PageColumn>
        <DonateTransferDone done={done} onAgain={again} />
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
              return (
                <Form noValidate aria-label={title}>
                  <KeepDraft api={api} />
                  <div className="pf-stack pf-steps">
                    <Section title={t('donateTransfer.steps.unit')}>
                      <ReceivingUnitPicker provinces={provinces} language={language} />
                    </Section>

                    <AmountStep provinces={provinces} lists={lists.data} language={language} />

                    <Section title={t('donateTransfer.steps.slip')}>
                      <SlipField name="slip" />
                    </Section>

                    <DonorStep />

                    {values.donorType !== 'ANONYMOUS' && <ReceiptStep />}

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
