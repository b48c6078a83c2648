import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { AdverseActionNoticeContent } from '@shared/decisions';

/**
 * An adverse action notice as it was sent (docs/product.md 6.7): the action, the principal reasons, the right to a
 * statement of reasons, the ECOA notice and the lender's details. The client portal and the back office show it.
 */
export function AdverseActionNoticeView({
  notice,
  headingLevel = 'h3',
}: {
  notice: AdverseActionNoticeContent;
  headingLevel?: 'h3' | 'h4';
}) {
  return (
    <Stack as="article" gap="3" borderWidth="1px" rounded="md" p="4" aria-label={notice.title}>
      <Box>
        <Heading as={headingLevel} size="sm">
          {notice.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {notice.date} · Application {notice.reference} · {notice.businessName}
        </Text>
      </Box>
      <Text>{notice.action}</Text>
      <Box>
        <Text fontWeight="semibold" mb="1">
          Principal reasons for our decision
        </Text>
        <List.Root ps="5" gap="1">
          {notice.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Text fontSize="sm">{notice.rightToStatement}</Text>
      <Text fontSize="sm">{notice.ecoa}</Text>
      <Box fontSize="sm">
        <Text fontWeight="semibold">{notice.lender.legalName}</Text>
        {notice.lender.addressLines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        <Text>{notice.lender.phone}</Text>
        <Text>
          <Link href={`mailto:${notice.lender.email}`} color="brand.700" textDecoration="underline">
            {notice.lender.email}
          </Link>
        </Text>
        {notice.lender.nmlsId && <Text>NMLS ID {notice.lender.nmlsId}</Text>}
      </Box>
    </Stack>
  );
}
