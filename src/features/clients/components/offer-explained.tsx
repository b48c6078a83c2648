import { List, Stack, Text } from '@chakra-ui/react';
import type { AnalysisSummaryDto } from '@shared/schemas/client';
import { UNDERWRITING_WORDS } from '@shared/underwriting-words';

/** Under an offer: why it is below the request (the engine's words) and what its terms mean, in plain words. */
export function OfferExplained({ analysis }: { analysis: AnalysisSummaryDto | null }) {
  return (
    <Stack gap="2" fontSize="sm">
      {analysis?.lessThanAsked && <Text data-testid="less-than-asked">{analysis.lessThanAsked}</Text>}
      {analysis && analysis.whatWouldChange.length > 0 && (
        <List.Root ps="5" gap="1" aria-label="What could raise the offer">
          {analysis.whatWouldChange.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
      )}
      <List.Root ps="5" gap="1" color="fg.muted" aria-label="What these terms mean">
        <List.Item>{UNDERWRITING_WORDS.factorRate}</List.Item>
        <List.Item>{UNDERWRITING_WORDS.purchaseAmount}</List.Item>
        <List.Item>{UNDERWRITING_WORDS.estimatedApr}</List.Item>
      </List.Root>
    </Stack>
  );
}
