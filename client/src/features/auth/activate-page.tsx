import { useMutation } from '@apollo/client/react';
import { Alert, Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { LoadingState } from '../../ui/query-state';
import { ActivateAccountMutation } from './auth.operations';
import { AuthCard } from './auth-card';

export interface ActivatePageProps {
  /** The single-use code from the e-mailed link. */
  xcode: string;
  /** Whose account it is: donors go on to the donor login, staff to the staff login. */
  audience: 'donor' | 'staff';
}

/** /activate?xcode=: the link of the activation e-mail activates the account on arrival. */
export function ActivatePage({ xcode, audience }: ActivatePageProps) {
  const { t } = useTranslation();
  const [activate, { data, error, loading, called }] = useMutation(ActivateAccountMutation);
  // The code is single-use: React's development double effects must not send it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!xcode || sent.current) return;
    sent.current = true;
    activate({ variables: { xcode } }).catch(() => {
      // shown below
    });
  }, [xcode, activate]);

  return (
    <AuthCard title={t('auth.activate.title')}>
      {!xcode && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('auth.activate.missingCode')}</Alert.Title>
        </Alert.Root>
      )}
      {(loading || (xcode && !called)) && <LoadingState label={t('auth.activate.working')} />}
      <FormErrorAlert error={error} />
      {data?.activateAccount === false && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('auth.activate.failed')}</Alert.Title>
        </Alert.Root>
      )}
      {data?.activateAccount && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auth.activate.done')}</Alert.Title>
            <Button asChild mt="3" colorPalette="brand" size="sm">
              {audience === 'donor' ? (
                <Link to="/login">{t('auth.activate.toDonorLogin')}</Link>
              ) : (
                <Link to="/backoffice/login">{t('auth.activate.toLogin')}</Link>
              )}
            </Button>
          </Alert.Content>
        </Alert.Root>
      )}
    </AuthCard>
  );
}
