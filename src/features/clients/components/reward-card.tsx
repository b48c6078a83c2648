import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { formatLocalDate } from '@shared/format';
import { describeReward, rewardStateBadge } from '../utils/labels';
import { StatusBadge } from './status-badge';
import type { Reward } from '../types';

/** A reward: Used, Available (with a Use button) or expired (no Use button). */
export function RewardCard({
  reward,
  onUse,
  isUsing = false,
}: {
  reward: Reward;
  onUse?: (reward: Reward) => void;
  isUsing?: boolean;
}) {
  const headingId = `reward-${reward.id}`;
  const title = describeReward(reward.rewardType, reward.rewardValue);
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm" h="full">
      <Card.Body>
        <Stack gap="2" h="full">
          <Flex justify="space-between" align="flex-start" gap="2">
            <Heading as="h3" size="sm" id={headingId}>
              {title}
            </Heading>
            <StatusBadge look={rewardStateBadge(reward.state)} />
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Earned for {reward.milestoneName} on {formatLocalDate(reward.earnedAt)}
          </Text>
          <Text fontSize="sm" color={reward.state === 'expired' ? 'red.700' : 'fg.muted'}>
            {reward.state === 'used' && reward.usedAt
              ? `Used on ${formatLocalDate(reward.usedAt)}`
              : reward.state === 'expired'
                ? `Expired on ${formatLocalDate(reward.expiresAt)}`
                : `Expires on ${formatLocalDate(reward.expiresAt)}`}
          </Text>
          {reward.state === 'available' && onUse && (
            <Button
              size="sm"
              colorPalette="brand"
              mt="auto"
              onClick={() => onUse(reward)}
              loading={isUsing}
              loadingText="Using..."
              aria-label={`Use ${title}`}
            >
              Use Reward
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
