import { Container, type ContainerProps } from '@chakra-ui/react';

/** The content column every page uses, so widths and gutters match from 375 px phones to wide screens. */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }} {...props} />;
}
