// Reference 2: a bare node:http handler running the same SQL as the app's endpoint with raw mysql2:
// the session lookup for /api/auth/user, plus the client's application list for /api/client/applications.
import { createHash } from 'node:crypto';
import http from 'node:http';
import mysql from 'mysql2/promise';

const pool = mysql.createPool({ uri: process.env.DATABASE_URL, connectionLimit: 10, timezone: 'Z', dateStrings: true });
const SESSION_SQL =
  'SELECT s.user_id, s.expires_at, s.absolute_expires_at, s.idle_seconds, s.mfa_verified, u.email, u.first_name, u.last_name, u.business_name, u.role, u.is_active, u.totp_secret_enc, u.created_at FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ? LIMIT 1';
// The app's list query (server/services/clients/applications.ts): the applications with their underwriting result
// and loan, newest first.
const APPLICATIONS_SQL =
  'SELECT a.id, a.business_name, a.business_type, a.time_in_business, a.monthly_revenue, a.loan_amount_cents, ' +
  'a.approved_amount_cents, a.status, a.ai_approved, a.created_at, a.updated_at, u.result AS uw_result, ' +
  'u.ai_data AS uw_ai_data, u.approved_amount_cents AS uw_approved_amount_cents, u.confidence AS uw_confidence, ' +
  'u.analysis AS uw_analysis, l.id AS loan_id, l.principal_cents, l.purchased_amount_cents, l.factor_rate_milli, ' +
  'l.weekly_payment_cents, l.term_weeks, l.apr_bps FROM applications a ' +
  'LEFT JOIN underwriting_results u ON u.application_id = a.id LEFT JOIN loans l ON l.application_id = a.id ' +
  'WHERE a.user_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT 200';

const server = http.createServer(async (req, res) => {
  const token = /(?:^|; )session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const [rows] = await pool.execute(SESSION_SQL, [createHash('sha256').update(token).digest('hex')]);
  const session = rows[0];
  if (!session) {
    res.writeHead(401);
    return res.end('Unauthorized');
  }
  let body = { id: session.user_id, email: session.email, firstName: session.first_name, role: session.role };
  if (req.url === '/api/client/applications') {
    const [apps] = await pool.execute(APPLICATIONS_SQL, [session.user_id]);
    body = { data: apps };
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
