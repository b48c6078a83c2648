// The admin-list bench's HTTP side: a minimal keep-alive load generator on its own thread, and the CPU split of each
// request between the server's thread, the rest of the process and MariaDB (docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

// The load generator runs on its own thread, so the HTTP client does not share the server's event loop (a separate
// client process would behave the same; a thread keeps the bench one command). On 2 cores the client's CPU is taken
// from the server being measured, so it is a minimal HTTP/1.1 client, as wrk is: one keep-alive socket per concurrent
// request, the same request bytes written again as soon as the previous answer has fully arrived (its Content-Length
// read), the body kept only for the first answer. node:http's client cost about as much CPU per request as the
// server's own thread (0.28 ms of 0.56 for the dashboard call), fetch (undici) several times more.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { origin, cookie, path, count, concurrency } = workerData;
const { hostname, port } = new URL(origin);
const request = Buffer.from('GET ' + path + ' HTTP/1.1\\r\\nHost: ' + hostname + ':' + port + '\\r\\nCookie: ' + cookie + '\\r\\nConnection: keep-alive\\r\\n\\r\\n');
const HEADER_END = Buffer.from('\\r\\n\\r\\n');

/** A chunked body's data, its framing taken out. */
function unchunk(raw) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\\r\\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** One keep-alive connection: get() writes the request and resolves with the answer's status (and body if asked). */
function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    let pending = null;
    let head = null; // bytes of an incomplete header
    let status = 0;
    let remaining = -1; // body bytes still to come, -1 while the header is incomplete
    let body = null;
    let chunked = false; // tRPC answers in chunks: the body ends with the empty last chunk
    let tail = Buffer.alloc(0); // the last bytes seen, to find that end across reads
    const finish = () => {
      const done = pending;
      pending = null;
      head = null;
      remaining = -1;
      const whole = body ? Buffer.concat(body) : null;
      done.resolve({ status, body: whole && chunked ? unchunk(whole) : whole });
      body = null;
      chunked = false;
      tail = Buffer.alloc(0);
    };
    const LAST_CHUNK = Buffer.from('0\\r\\n\\r\\n');
    const isLastChunk = (chunk) => {
      tail = Buffer.concat([tail, chunk]).subarray(-7);
      return tail.length >= 5 && tail.subarray(-5).equals(LAST_CHUNK) && (tail.length < 7 || tail[tail.length - 7] === 13);
    };
    socket.on('data', (chunk) => {
      if (!pending) return;
      if (remaining < 0) {
        head = head ? Buffer.concat([head, chunk]) : chunk;
        const end = head.indexOf(HEADER_END);
        if (end < 0) return;
        const header = head.subarray(0, end).toString('latin1');
        status = Number(header.slice(9, 12));
        const length = /\\r\\ncontent-length: *(\\d+)/i.exec(header);
        chunked = !length && /\\r\\ntransfer-encoding: *chunked/i.test(header);
        if (!length && !chunked) return pending.reject(new Error('answer without Content-Length'));
        const rest = head.subarray(end + 4);
        if (pending.keep) body = [rest];
        if (chunked) {
          remaining = isLastChunk(rest) ? 0 : 1;
        } else {
          remaining = Number(length[1]) - rest.length;
        }
      } else {
        if (body) body.push(chunk);
        remaining = chunked ? (isLastChunk(chunk) ? 0 : 1) : remaining - chunk.length;
      }
      if (remaining <= 0) finish();
    });
    socket.on('error', (error) => (pending ? pending.reject(error) : reject(error)));
    socket.on('connect', () =>
      resolve({
        get: (keep) => new Promise((resolveAnswer, rejectAnswer) => {
          pending = { resolve: resolveAnswer, reject: rejectAnswer, keep };
          socket.write(request);
        }),
        close: () => socket.destroy(),
      }),
    );
  });
}

(async () => {
  const connections = await Promise.all(Array.from({ length: concurrency }, connect));
  const times = [];
  let errors = 0;
  let next = 0;
  let rows = -1;
  const started = performance.now();
  await Promise.all(connections.map(async (connection) => {
    while (next < count) {
      next += 1;
      // Rows are counted once (the first answer), so the client spends its CPU on requests, not on parsing.
      const keep = rows === -1;
      const begin = performance.now();
      const answer = await connection.get(keep).catch(() => ({ status: 0, body: null }));
      times.push(performance.now() - begin);
      if (answer.status !== 200) { errors += 1; continue; }
      if (keep && answer.body) {
        const parsed = JSON.parse(answer.body.toString('utf8'));
        // A tRPC batch answers a list of results (superjson's { json } inside).
        const data = Array.isArray(parsed) ? parsed[0]?.result?.data?.json?.items : parsed.data;
        rows = Array.isArray(data) ? data.length : data && Array.isArray(data.loans) ? data.loans.length : 1;
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  for (const connection of connections) connection.close();
  parentPort.postMessage({ times, errors, rows: Math.max(rows, 0), seconds });
})();
`;

export type LoadResult = { times: number[]; errors: number; seconds: number; rows: number };

/** `count` GET requests of `path` at `concurrency`, from a worker thread; the times and errors it saw. */
export function runHttpLoad(options: {
  origin: string;
  cookie: string;
  path: string;
  count: number;
  concurrency: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: options });
    worker.once('message', (message: LoadResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

// CPU time per request of this process's main thread (the server), of its other threads (the load generator, the
// compiler, the collector) and of the local MariaDB server, where /proc is readable: which side a call's time goes to.
// Linux clock ticks are 10 ms, hence the many requests.
const mariadbStat = (() => {
  try {
    const pid = readdirSync('/proc').find(
      (entry) => /^\d+$/.test(entry) && readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'mariadbd',
    );
    return pid ? `/proc/${pid}/stat` : null;
  } catch {
    return null;
  }
})();
/** User + system CPU milliseconds of a /proc stat file (clock ticks of 10 ms). */
function statCpuMs(file: string | null): number {
  if (!file) return Number.NaN;
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
// The server's own thread (this process's main thread: the HTTP server and the app) apart from the rest of the
// process (the load generator's thread, the compiler's and the garbage collector's helpers).
const mainThreadStat = `/proc/self/task/${process.pid}/stat`;
export function cpuNow() {
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1000, main: statCpuMs(mainThreadStat), database: statCpuMs(mariadbStat) };
}
export function cpuPerRequest(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, count: number) {
  const per = (key: 'node' | 'main' | 'database') => (after[key] - before[key]) / count;
  const format = (value: number) => (Number.isNaN(value) ? '?' : value.toFixed(2));
  const main = per('main');
  return `${format(main)}+${format(per('node') - main)}+${format(per('database'))}`;
}
