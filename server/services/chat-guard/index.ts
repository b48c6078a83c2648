export {
  ChatBlockedError,
  VerifyRefusedError,
  getGuardStatus,
  sendChatMessage,
  sweepChatGuardSessions,
  verifyChallenge,
} from './guard';
