import { useQuery } from '@apollo/client/react';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DemoAccountsQuery } from './auth.operations';

export interface DemoAccount {
  username: string;
  password: string;
  kind: 'STAFF' | 'DONOR';
  groupCode: string;
  groupName: string;
}

export interface DemoAccountsBannerProps {
  audience: 'staff' | 'donor';
  onPick: (account: DemoAccount) => void;
}

/**
 * Outside production the server seeds one demo account per group and lists them; this banner shows
 * the ones that fit this login page, each with a button that fills the form. In production the list
 * is empty (or the field is absent) and nothing is shown.
 */
export function DemoAccountsBanner({ audience, onPick }: DemoAccountsBannerProps) {
  const { t } = useTranslation();
  const { data } = useQuery(DemoAccountsQuery, { errorPolicy: 'ignore' });
  const wanted = audience === 'donor' ? 'DONOR' : 'STAFF';
  const accounts = (data?.demoAccounts ?? []).filter((account) => account.kind === wanted);
  if (accounts.length === 0) return null;
  return (
    <Alert.Root status="warning" variant="surface" role="region" aria-label={t('auth.demo.title')}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('auth.demo.title')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="2" as="ul" listStyleType="none">
            {accounts.map((account) => (
              <HStack as="li" key={account.username} justify="space-between" gap="3" wrap="wrap">
                <Text fontSize="sm">
                  <Text as="span" fontWeight="600">
                    {account.groupName} ({account.groupCode})
                  </Text>
                  <br />
                  <Text as="span" fontFamily="mono" data-testid="demo-username">
                    {account.username}
                  </Text>{' '}
                  /{' '}
                  <Text as="span" fontFamily="mono" data-testid="demo-password">
                    {account.password}
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => onPick(account)}
                  aria-label={t('auth.demo.useLabel', { username: account.username })}
                >
                  {t('auth.demo.use')}
                </Button>
              </HStack>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
