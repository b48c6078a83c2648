// Reference 2: a bare node:http handler running the same SQL as the app's endpoint with raw mysql2:
// the session lookup for /api/auth/user, plus the client's application list for /api/client/applications.
import { createHash } from 'node:crypto';
import http from 'node:http';
import mysql from 'mysql2/promise';

const pool = mysql.createPool({ uri: process.env.DATABASE_URL, connectionLimit: 10, timezone: 'Z', dateStrings: true });
const SESSION_SQL =
  'SELECT s.user_id, s.expires_at, s.absolute_expires_at, s.idle_seconds, s.mfa_verified, u.email, u.first_name, u.last_name, u.business_name, u.role, u.is_active, u.totp_secret_enc, u.created_at FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ? LIMIT 1';
const APPLICATIONS_SQL =
  'SELECT id, business_name, loan_amount_cents, approved_amount_cents, status, ai_approved, created_at FROM applications WHERE user_id = ? ORDER BY created_at DESC LIMIT 50';

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
