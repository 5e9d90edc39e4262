import { Box, Button, Link as ChakraLink, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CircleUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { fullName } from './backoffice-user';

/** Who is logged in, as the public header shows them, and where their links lead. */
export interface SiteAccount {
  name: string;
  /** A donor's donation history, or a member of staff's back office. */
  home: { to: '/user/donation-history' | '/backoffice'; labelKey: 'nav.donationHistory' | 'nav.backoffice' };
  logoutTo: '/user/logout' | '/backoffice/logout';
}

/** The logged-in person, or null; a session that is ending (its modal is open) counts as gone. */
export function useSiteAccount(): SiteAccount | null {
  const { session, ending } = useSessionSnapshot();
  if (!session || ending) return null;
  return session.kind === 'donor'
    ? {
        name: fullName(session.user),
        home: { to: '/user/donation-history', labelKey: 'nav.donationHistory' },
        logoutTo: '/user/logout',
      }
    : {
        name: fullName(session.user),
        home: { to: '/backoffice', labelKey: 'nav.backoffice' },
        logoutTo: '/backoffice/logout',
      };
}

/**
 * The header's account corner: "sign up" and "log in" for visitors; for a logged-in person their
 * name, and from lg their history and logout (below lg those are in the folding menu, see
 * SiteAccountMenuItems), so the phone header keeps to one line.
 */
export function SiteAccountActions({ account }: { account: SiteAccount | null }) {
  const { t } = useTranslation();
  if (!account) {
    return (
      <>
        <Button asChild size="sm" variant="outline" hideBelow="md">
          <Link to="/signup">{t('nav.signup')}</Link>
        </Button>
        <Button asChild size="sm" colorPalette="brand">
          <Link to="/login">{t('nav.login')}</Link>
        </Button>
      </>
    );
  }
  return (
    <HStack role="group" aria-label={t('nav.account')} gap="2" minW="0">
      <HStack gap="1" minW="0" title={t('nav.loggedInAs', { name: account.name })}>
        <Box as="span" color="brand.fg" flexShrink="0" aria-hidden>
          <CircleUser size="20" />
        </Box>
        <Text fontWeight="600" truncate maxW={{ base: '7rem', sm: '12rem', xl: '16rem' }}>
          {account.name}
        </Text>
      </HStack>
      <Button asChild size="sm" variant="ghost" hideBelow="lg">
        <Link to={account.home.to}>{t(account.home.labelKey)}</Link>
      </Button>
      <Button asChild size="sm" variant="outline" hideBelow="lg">
        <Link to={account.logoutTo}>{t('session.logout')}</Link>
      </Button>
    </HStack>
  );
}

/** The account links inside the folding menu below lg (sign-up below md, where the header has none). */
export function SiteAccountMenuItems({
  account,
  onNavigate,
}: {
  account: SiteAccount | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const item = (to: string, label: string, hideFrom: 'md' | 'lg') => (
    <Box as="li" key={to} hideFrom={hideFrom}>
      <ChakraLink
        asChild
        display="block"
        px="3"
        py="2"
        rounded="md"
        color="brand.fg"
        fontWeight="600"
        _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
      >
        <Link to={to} onClick={onNavigate}>
          {label}
        </Link>
      </ChakraLink>
    </Box>
  );
  if (!account) return item('/signup', t('nav.signup'), 'md');
  return (
    <>
      {item(account.home.to, t(account.home.labelKey), 'lg')}
      {item(account.logoutTo, t('session.logout'), 'lg')}
    </>
  );
}
