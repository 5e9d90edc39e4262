import { Box, Link as ChakraLink, Container, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { PUBLIC_NAV_ITEMS } from './public-nav-items';
import { SiteAccountActions, SiteAccountMenuItems, useSiteAccount } from './site-account';

const NAV_ID = 'public-navigation';

export function SiteHeader() {
  const { t } = useTranslation();
  const account = useSiteAccount();
  // Below lg the navigation folds behind a menu button so the phone layout starts with content.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="3">
          <BrandLink />
          <HStack gap={{ base: '1', sm: '2' }}>
            <LanguageSwitch />
            <SiteAccountActions account={account} />
            <IconButton
              hideFrom="lg"
              size="sm"
              variant="ghost"
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
            </IconButton>
          </HStack>
        </Flex>
        <Box
          as="nav"
          id={NAV_ID}
          aria-label={t('nav.label')}
          display={{ base: menuOpen ? 'block' : 'none', lg: 'block' }}
          mt="3"
        >
          <Flex as="ul" direction={{ base: 'column', lg: 'row' }} wrap="wrap" gap="1" listStyleType="none">
            {PUBLIC_NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <ChakraLink
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  rounded="md"
                  color="fg"
                  fontWeight="500"
                  _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
                  _currentPage={{ bg: 'brand.muted', color: 'brand.fg' }}
                >
                  <Link to={item.to} onClick={closeMenu} activeOptions={{ exact: item.to === '/' }}>
                    {t(item.labelKey)}
                  </Link>
                </ChakraLink>
              </li>
            ))}
            <SiteAccountMenuItems account={account} onNavigate={closeMenu} />
          </Flex>
        </Box>
      </Container>
    </Box>
  );
}
