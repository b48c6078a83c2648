import { Badge, Button, Card, Flex, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { categoryLabel, describeReward } from '../utils/labels';
import type { MilestoneProgress } from '../types';

/**
 * One milestone: active while not completed (progress), then 'Ready to Claim' with a Claim button, then
 * 'Claimed'.
 */
export function MilestoneCard({
  item,
  onClaim,
  isClaiming = false,
}: {
  item: MilestoneProgress;
  onClaim?: (item: MilestoneProgress) => void;
  isClaiming?: boolean;
}) {
  const headingId = `milestone-${item.milestoneId}`;
  const isReady = item.isCompleted && !item.rewardClaimed;
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" h="full">
      <Card.Body>
        <Stack gap="3" h="full">
          <Flex justify="space-between" align="flex-start" gap="2">
            <Stack gap="1">
              <Heading as="h3" size="sm" id={headingId}>
                {item.milestone.name}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {item.milestone.description}
              </Text>
            </Stack>
            {item.isCompleted &&
              (item.rewardClaimed ? (
                <Badge colorPalette="gray" whiteSpace="nowrap">
                  Claimed
                </Badge>
              ) : (
                <Badge colorPalette="green" whiteSpace="nowrap">
                  Ready to Claim
                </Badge>
              ))}
          </Flex>
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="outline" colorPalette="brand">
              {categoryLabel(item.milestone.category)}
            </Badge>
            <Text fontSize="sm">Reward: {describeReward(item.milestone.rewardType, item.milestone.rewardValue)}</Text>
          </HStack>
          <Progress.Root
            value={Math.min(item.currentProgress, item.targetValue)}
            max={item.targetValue}
            size="sm"
            colorPalette={item.isCompleted ? 'green' : 'brand'}
            mt="auto"
          >
            <HStack justify="space-between" mb="1">
              <Progress.Label fontSize="xs" color="fg.muted">
                Progress
              </Progress.Label>
              <Progress.ValueText fontSize="xs">
                {item.currentProgress} / {item.targetValue}
              </Progress.ValueText>
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {isReady && onClaim && item.id !== null && (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => onClaim(item)}
              loading={isClaiming}
              loadingText="Claiming..."
              aria-label={`Claim reward for ${item.milestone.name}`}
            >
              Claim Reward
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
