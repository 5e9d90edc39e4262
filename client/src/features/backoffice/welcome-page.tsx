import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { fullName, organisationOf } from '../../ui/app-shell/backoffice-user';
import { usePageTitle } from '../../ui/page-title';

/** /backoffice after login: who is logged in, for which unit and group. */
export function WelcomePage() {
  const { t } = useTranslation();
  usePageTitle(t('backoffice.welcome.pageTitle'));
  const user = useSessionSnapshot().session?.user;
  if (!user) return null;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {t('backoffice.welcome.title', { name: fullName(user) })}
        </Heading>
        <Text color="fg.muted">{t('backoffice.welcome.intro')}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Box borderWidth="1px" rounded="lg" p="5" bg="bg">
          <Text color="fg.muted" fontSize="sm">
            {t('backoffice.shell.organisation')}
          </Text>
          <Text fontWeight="600">{organisationOf(user, currentLanguage()) ?? '—'}</Text>
        </Box>
        <Box borderWidth="1px" rounded="lg" p="5" bg="bg">
          <Text color="fg.muted" fontSize="sm">
            {t('backoffice.shell.group')}
          </Text>
          <Text fontWeight="600">
            {user.userGroup} ({user.userGroupCode})
          </Text>
        </Box>
      </SimpleGrid>
      <Text>{t('backoffice.welcome.menuHint', { count: user.menus.length })}</Text>
    </Stack>
  );
}
