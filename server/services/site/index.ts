export { submitContactMessage } from './contact';
export { listEmailSignups, signUpForEmails } from './email-signup';
