import { Box, Button, Card, Heading, Text } from '@chakra-ui/react';
import { lender } from '@/config/lender';
import { mapsSearchUrl } from '../content/contact-content';
import { SiteIcon } from './icons';

/** A drawn map (no third-party tiles or scripts) with a link to a maps search for the office address. */
export function MapCard() {
  return (
    <Card.Root variant="outline" borderRadius="2xl" overflow="hidden">
      <Box position="relative" aspectRatio={16 / 9} bg="brand.50">
        <svg viewBox="0 0 320 180" width="100%" height="100%" aria-hidden="true" preserveAspectRatio="xMidYMid slice">
          <rect width="320" height="180" fill="#e8f0fd" />
          <path d="M0 120 C80 100 140 150 320 110 L320 180 L0 180 Z" fill="#c6d8f9" />
          <g stroke="#ffffff" strokeWidth="10" fill="none">
            <path d="M0 60 H320" />
            <path d="M0 140 H320" />
            <path d="M90 0 V180" />
            <path d="M230 0 V180" />
          </g>
          <g stroke="#ffffff" strokeWidth="4" fill="none">
            <path d="M0 20 H320M0 100 H320M40 0 V180M150 0 V180M280 0 V180" />
          </g>
          <rect x="100" y="70" width="40" height="22" rx="3" fill="#9dbaf2" />
          <rect x="165" y="20" width="55" height="32" rx="3" fill="#9dbaf2" />
          <rect x="240" y="70" width="30" height="60" rx="3" fill="#9dbaf2" />
          <circle cx="160" cy="78" r="22" fill="#0b3d91" opacity="0.15" />
          <path d="M160 52c-9 0-16 7-16 16 0 12 16 28 16 28s16-16 16-28c0-9-7-16-16-16z" fill="#0b3d91" />
          <circle cx="160" cy="68" r="6" fill="#f5b301" />
        </svg>
      </Box>
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          Visit Our Office
        </Heading>
        <Text color="fg.muted">{lender.address}</Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" variant="outline">
          <a href={mapsSearchUrl(lender.address)} target="_blank" rel="noopener noreferrer">
            <SiteIcon name="mapPin" size={18} /> Open in Maps
            <Box as="span" srOnly>
              (opens in a new tab)
            </Box>
          </a>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
