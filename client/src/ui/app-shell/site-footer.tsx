import { Box, Link as ChakraLink, Container, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bangkokYearBE } from '../../platform/bangkok-calendar';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box as="footer" bg="brand.900" color="white" mt="auto">
      <Container maxW="7xl" py="8">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="1">
            <Text fontWeight="700" fontSize="lg">
              {t('app.ministry')}
            </Text>
            <Text color="whiteAlpha.800">{t('app.tagline')}</Text>
          </Stack>
          <Box as="nav" aria-label={t('footer.label')}>
            <HStack as="ul" gap="5" wrap="wrap" listStyleType="none">
              <li>
                <ChakraLink asChild color="white" textDecoration="underline">
                  <Link to="/pdpa">{t('footer.pdpa')}</Link>
                </ChakraLink>
              </li>
              <li>
                <ChakraLink asChild color="white" textDecoration="underline">
                  <Link to="/about">{t('footer.about')}</Link>
                </ChakraLink>
              </li>
              <li>
                <ChakraLink asChild color="white" textDecoration="underline">
                  <Link to="/backoffice/login">{t('footer.staff')}</Link>
                </ChakraLink>
              </li>
            </HStack>
          </Box>
        </Flex>
        <Text mt="6" fontSize="sm" color="whiteAlpha.800">
          {t('footer.copyright', { year: bangkokYearBE() })}
        </Text>
      </Container>
    </Box>
  );
}
