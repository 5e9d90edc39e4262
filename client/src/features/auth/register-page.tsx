import { useMutation } from '@apollo/client/react';
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBotCheck } from '../../platform/bot-check';
import { deepestUnit } from '../../ui/organisation/organisation-tree';
import { useOrganisationTree } from '../../ui/organisation/use-organisation-tree';
import { normaliseCitizenId } from '../../ui/validation/citizen-id';
import { RegisterMutation } from './auth.operations';
import { AuthCard } from './auth-card';
import type { RegisterValues } from './register.schema';
import { RegisterForm } from './register-form';

/**
 * Staff registration (/register and /backoffice/register). The account waits for an administrator's
 * approval, then the activation e-mail arrives (product decisions sec. 2).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [register, { error }] = useMutation(RegisterMutation);
  const { roots } = useOrganisationTree();
  const [done, setDone] = useState(false);
  const botCheck = useBotCheck();

  const submit = async (values: RegisterValues) => {
    const unit = deepestUnit(roots, values.organisation);
    if (!unit) return;
    try {
      await register({
        variables: {
          input: {
            username: values.username.trim().toLowerCase(),
            email: values.email.trim().toLowerCase(),
            password: values.password,
            titleTh: values.titleTh || null,
            firstNameTh: values.firstNameTh.trim(),
            lastNameTh: values.lastNameTh.trim(),
            citizenId: normaliseCitizenId(values.citizenId),
            phone: values.phone.trim() || null,
            position: values.position.trim() || null,
            organisationUnitCode: unit.code,
          },
        },
        context: { headers: botCheck.headers() },
      });
      setDone(true);
    } catch {
      // shown by the form's error alert
    } finally {
      botCheck.reset();
    }
  };

  return (
    <AuthCard
      wide
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      footer={
        <ChakraLink asChild color="brand.fg">
          <Link to="/backoffice/login">{t('auth.backToLogin')}</Link>
        </ChakraLink>
      }
    >
      {done ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auth.register.doneTitle')}</Alert.Title>
            <Alert.Description>{t('auth.register.done')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <RegisterForm onSubmit={submit} error={error} botCheck={botCheck} />
      )}
    </AuthCard>
  );
}
