// npm run keys:rotate [-- --new-key]: re-wraps every stored document's data key that the current master key did not
// wrap (documents themselves are not rewritten), and encrypts any document left in clear by an older version.
// --new-key (development keyring file only) first puts a fresh key in front, which becomes current.
// Prints counts and key ids, never key material. Safe to run again after a crash or while the server runs (every
// record is replaced whole); run it again until "failed" is 0 if it reports any.
import { parseArgs } from 'node:util';
import { ConfigError, getEnv } from '../server/env';
import { addDocumentKey, loadDocumentKeys } from '../server/lib/crypto';
import { rotateDocumentKeys } from '../server/lib/storage';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({ options: { 'new-key': { type: 'boolean', default: false } } });

try {
  const env = getEnv();
  const load = () =>
    loadDocumentKeys({
      configured: env.DOCUMENT_KEYS,
      dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
      varDir: env.VAR_DIR,
      isProduction: env.isProduction,
    });
  let keys = load();
  if (values['new-key']) {
    if (keys.source !== 'file') {
      fail(
        'keys:rotate --new-key only adds keys to the development keyring file. With DOCUMENT_KEYS, put the new key ' +
          'first in DOCUMENT_KEYS (keep the old ones after it), restart every instance, then run keys:rotate.',
      );
    }
    const id = addDocumentKey(env.VAR_DIR);
    process.stdout.write(`Added master key ${id} to the development keyring; it is now current.\n`);
    keys = load();
  }
  const report = await rotateDocumentKeys(env.UPLOAD_DIR, keys);
  process.stdout.write(
    `Current master key: ${keys.current.id} (keyring: ${keys.ids().join(', ')}; source: ${keys.source}).\n` +
      `Key records: ${report.records}; re-wrapped: ${report.rewrapped}; already current: ${report.current}; ` +
      `failed: ${report.failed}.\n` +
      `Documents encrypted from clear: ${report.encryptedLegacy}; encrypted documents without a key record: ` +
      `${report.missingRecords}.\n`,
  );
  if (report.failed > 0) {
    fail(
      'Some key records could not be opened (unknown master key id or altered record); they were left as they were.',
    );
  }
} catch (error) {
  fail(error instanceof ConfigError ? error.message : `Key rotation failed: ${(error as Error).message}`);
}
