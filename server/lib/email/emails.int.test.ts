// Every email the app sends leaves as multipart/alternative with the configured lender's details in both parts
// (docs/architecture.md, "Emails"). The funding-accepted and two-factor emails are checked where their flows are
// tested (loans/acceptance, security/totp-reenrolment).
import { describe, expect, it } from 'vitest';
import { ECOA_NOTICE_TEXT, decisionReason } from '../../../src/shared/decisions';
import { insertApplication } from '../../test/factories';
import { insertUnderwriting } from '../../test/factories/admin';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import {
  callerFor,
  expectLenderMail,
  insertUser,
  mailTo,
  TEST_LENDER_ENV,
  testServerForFile,
  uniqueEmail,
} from '../../test/harness';

const server = testServerForFile();

describe('emails', () => {
  it('welcome, password reset and password changed', async () => {
    const email = uniqueEmail('mailer');
    const anonymous = await callerFor(null);
    await anonymous.auth.register({
      firstName: 'Ana',
      lastName: 'Example',
      email,
      password: 'Green-Valley-93',
      businessName: '',
    });
    const welcome = expectLenderMail(await mailTo(email, 'Subject: Welcome to Canary Capital'));
    expect(welcome.text).toContain('Hello Ana,');
    expect(welcome.html).toContain('href="http://localhost:3000/login"');

    await anonymous.auth.forgotPassword({ email });
    const reset = expectLenderMail(await mailTo(email, 'Subject: Reset your Canary Capital password'));
    const token = /reset-password\?token=([a-z0-9]+)/.exec(reset.text)?.[1];
    expect(token).toBeTruthy();
    expect(reset.html).toContain(`reset-password?token=${token}`);

    await anonymous.auth.resetPassword({ token: token!, newPassword: 'Quiet-Meadow-48' });
    const changed = expectLenderMail(await mailTo(email, 'Subject: Your Canary Capital password was changed'));
    expect(changed.text).toContain(`contact us right away at ${TEST_LENDER_ENV.LENDER_PHONE}`);
  });

  it('staff invitation', async () => {
    const superAdmin = await insertUser({ role: 'super_admin' });
    const email = uniqueEmail('invited');
    await (
      await callerFor(superAdmin)
    ).admin.createStaff({ email, firstName: 'Nia', lastName: 'Staff', role: 'admin' });
    const invitation = expectLenderMail(await mailTo(email, 'Subject: Your Canary Capital staff account'));
    expect(invitation.html).toMatch(/href="http:\/\/localhost:3000\/reset-password\?token=[a-z0-9]+"/);
  });

  it('contact form message to staff, the sender escaped in the HTML', async () => {
    const name = `Lee <b>${Date.now()}</b>`;
    const email = uniqueEmail('contact');
    await (
      await callerFor(null)
    ).application.site.contact({ name, email, message: 'Line one\nLine <two> & three', phone: '', company: '' });
    const deps = server.deps;
    const mail = await mailTo(deps.env.STAFF_EMAIL, email);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email}`, 'm'));
    const { text, html } = expectLenderMail(mail);
    expect(text).toContain('Line one\nLine <two> & three');
    expect(html).toContain('Line <two>'.replace('<', '&lt;').replace('>', '&gt;'));
    expect(html).not.toContain('<b>');
  });

  it('receipt, staff notice and claim link', async () => {
    const form = applicationFormData();
    const response = await postApplication(server.url, { formData: form, files: await applicationFiles() });
    expect(response.status).toBe(201);
    const receipt = expectLenderMail(await mailTo(form.email, 'Subject: We received your Canary Capital application'));
    expect(receipt.text).toMatch(/\/applications\/claim\?token=[a-z0-9]+/);
    expectLenderMail(await mailTo(server.deps.env.STAFF_EMAIL, form.businessName));
    await (await callerFor(null)).application.resendClaimLink({ email: form.email });
    const link = expectLenderMail(await mailTo(form.email, 'Subject: Your link to your Canary Capital application'));
    expect(link.html).toContain(form.businessName);
  });

  it('document request and adverse action notice', async () => {
    const client = await insertUser({ role: 'client' });
    const staff = await callerFor(await insertUser({ role: 'admin' }));
    const application = await insertApplication({
      userId: client.id,
      status: 'review',
      aiApproved: 'declined',
      ownerName: 'Robin Sample',
    });
    await insertUnderwriting(application.id, { decision: 'declined' });

    await staff.admin.requestDocuments({
      applicationId: application.id,
      documents: ['The October statement'],
      message: 'Please send the October statement <soon> & in full.',
    });
    const request = expectLenderMail(
      await mailTo(application.email, 'Subject: Documents requested for your Canary Capital application'),
    );
    expect(request.text).toContain('Hello Robin Sample,');
    expect(request.text).toContain('- The October statement');
    expect(request.text).toContain('Please send the October statement <soon> & in full.');
    expect(request.html).toContain('Please send the October statement &lt;soon&gt; &amp; in full.');
    expect(request.html).toContain('href="http://localhost:3000/client-portal"');

    await staff.admin.setApplicationStatus({ id: application.id, status: 'declined', reasons: ['negative-days'] });
    const notice = expectLenderMail(await mailTo(application.email, 'Subject: Notice of action taken on application'));
    for (const part of [notice.text, notice.html]) {
      // HTML escapes the apostrophe ("applicant's"): the words are compared as a reader sees them.
      const flat = part.replace(/\s+/g, ' ').replace(/&#x27;|&#39;/g, "'");
      expect(flat).toContain(decisionReason('negative-days')!.words);
      expect(flat).toContain(ECOA_NOTICE_TEXT);
    }
    expect(notice.html).toContain('href="http://localhost:3000/client-portal"');
  });
});
