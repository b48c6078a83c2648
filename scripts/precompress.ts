// Writes the compressed copies the server sends (server/http/static.ts), after the client is built and prerendered:
//   tsx scripts/precompress.ts [--outDir dist]
// Each compressible file gets <file>.br and <file>.gz at the best ratio. Compressing at that ratio takes seconds of
// CPU for the whole client; done in a request, it held up the first visitors after every start of the server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { COMPRESSED_COPIES, compressionOptions, isCompressible } from '../server/http/static';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes the copies for every compressible file under `dir`; answers how many files and bytes it compressed. */
export async function precompress(dir: string): Promise<{ files: number; bytes: number }> {
  const endings: string[] = Object.values(COMPRESSED_COPIES);
  const files = filesUnder(dir).filter(
    (file) => !endings.some((ending) => file.endsWith(ending)) && isCompressible(file, statSync(file).size),
  );
  const options = compressionOptions('build');
  let bytes = 0;
  // zlib's asynchronous calls run on libuv's threads: a few files at a time use every core.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([brotliAsync(body, options.br), gzipAsync(body, options.gzip)]);
      writeFileSync(file + COMPRESSED_COPIES.br, br);
      writeFileSync(file + COMPRESSED_COPIES.gzip, gz);
      bytes += body.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: files.length, bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const flag = process.argv.indexOf('--outDir');
  const dir = path.resolve(flag > 0 ? (process.argv[flag + 1] ?? 'dist') : 'dist');
  const started = Date.now();
  const { files, bytes } = await precompress(dir);
  console.log(
    `precompressed ${files} files (${(bytes / 1024).toFixed(0)} KB) in ${Date.now() - started} ms: .br and .gz beside each`,
  );
}
