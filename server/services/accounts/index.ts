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
export { createStaff, listStaff, setStaffActive, setStaffRole, terminateStaffSessions } from './staff';
export { verifyStepUpCode } from './step-up';
