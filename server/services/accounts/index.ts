export {
  type AfterClientSignIn,
  beginTotpEnrollment,
  completeTotpEnrollment,
  regenerateRecoveryCodes,
  login,
  logout,
  registerClient,
  requestPasswordReset,
  resetPassword,
  toAuthUserDto,
} from './auth';
export {
  createStaff,
  FORMER_STAFF,
  listStaff,
  personName,
  setStaffActive,
  setStaffRole,
  staffNames,
  terminateStaffSessions,
} from './staff';
export { verifyStepUpCode } from './step-up';
