// Checks that a function of a visitor's string runs in time proportional to the string's length. A pattern whose
// parts overlap (`[^@]+\.` where the class also matches '.', `\S*\d\S*`, `\/+$`) takes time growing with the
// square of the length, and one such input blocks the whole server. Each input is tried at 10,000 characters first,
// so a quadratic check fails in a fraction of a second instead of stalling the run, then at 100,000 (see slowCases
// for how a busy machine is told from quadratic growth); readings are CPU time, so a scheduler pause is not a failure,
// and a case stops at its first slow input, so a quadratic case costs seconds, not minutes, on a busy machine.
const BOUND_MS = 50;
const LENGTHS = [10_000, 100_000];
/** Ten times the characters: linear work takes about 10 times as long, quadratic work 100 times. */
const GROWTH_LIMIT = 30;

/** Inputs built to make overlapping patterns backtrack: repeated separators and near-matches of each format. */
export function adversarialInputs(length: number): string[] {
  const fill = (seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
  const seeds = [
    // Separators, alone and after a character they could belong to.
    '.',
    '@',
    '-',
    ' \t',
    ',',
    '/',
    '\\',
    'a',
    'a.',
    'a@',
    '1-',
    '1,',
    'a b',
    '\u00a0\u200b',
    'e\u0301',
    // Near-matches of the formats: email, SSN, EIN, phone, date, money, UUID, password rules, statement text.
    'a@b.',
    'ab@cd.ef.',
    '123-45-678',
    '12-345678',
    '(123) 456-789',
    '2024-01-0',
    '1,234.5',
    ' 1',
    'ffffffff-ffff-',
    'Aa1!',
    '0',
  ];
  const inputs: string[] = [];
  for (const seed of seeds) {
    const body = fill(seed);
    // As sent, followed by a character that makes the match fail at the very end, and inside a would-be email.
    inputs.push(body, `${body}@!`, `a@${body}@`);
  }
  return inputs;
}

/**
 * The CPU time this process has used, in ms. Wall time would count the time other work on a busy machine holds the
 * cores, and a long call is interrupted more often than a short one, so its wall time grows faster than its work.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time of one call, in ms. */
function cpuTimed(run: () => unknown): number {
  const start = cpuMs();
  run();
  return cpuMs() - start;
}

/** Best of three CPU timings of one call, in ms (stops early once a try is under the bound). */
function timed(run: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3 && best > BOUND_MS; attempt++) best = Math.min(best, cpuTimed(run));
  return best;
}

export type StringCase = [name: string, run: (value: string) => unknown];

/**
 * The cases that took longer than linear work could on some adversarial input; empty when all are linear. At 10,000
 * characters a case is slow past the bound (quadratic work takes seconds there, linear work under a millisecond).
 * At 100,000 it is slow only when it is also past the bound AND grew more than 30 times from 10,000 characters:
 * linear work grows 10 times, quadratic work 100 times, and a machine whose cores are busy with other work makes
 * heavier linear checks (several passes over the text) cross the bound without growing faster.
 */
export function slowCases(cases: StringCase[]): string[] {
  const slow: string[] = [];
  const [short, long] = LENGTHS as [number, number];
  const shortInputs = adversarialInputs(short);
  const longInputs = adversarialInputs(long);
  const shortTimes = new Map<string, number>();
  for (const [name, run] of cases) {
    for (const [index, input] of shortInputs.entries()) {
      const ms = timed(() => run(input));
      shortTimes.set(`${name}#${index}`, ms);
      if (ms > BOUND_MS) {
        slow.push(`${name} on ${JSON.stringify(input.slice(0, 24))}… (${short} chars): ${ms.toFixed(0)} ms`);
        break; // one slow input names the case; the others would only add seconds each
      }
    }
  }
  // A quadratic check already shows at 10,000 characters; 100,000 would only make the failing run take minutes.
  if (slow.length > 0) return slow;
  for (const [name, run] of cases) {
    for (const [index, input] of longInputs.entries()) {
      // One reading first: at this length a quadratic call takes seconds, and linear work is well under the bound.
      let ms = cpuTimed(() => run(input));
      let base = Math.max(shortTimes.get(`${name}#${index}`) ?? 0, 0.5);
      // A busy machine can stall one reading (other work, a collection of a large heap): a case past both limits is
      // measured again, the short input at its best of three and the long one once more, and judged on its quickest
      // readings. A quadratic call stays about 100 times its short time; a stalled linear one does not twice.
      if (ms > BOUND_MS && ms / base > GROWTH_LIMIT) {
        base = Math.max(Math.min(base, timed(() => run(shortInputs[index] ?? ''))), 0.5);
        ms = Math.min(ms, cpuTimed(() => run(input)));
      }
      if (ms > BOUND_MS && ms / base > GROWTH_LIMIT) {
        slow.push(
          `${name} on ${JSON.stringify(input.slice(0, 24))}… (${long} chars): ${ms.toFixed(0)} ms, ${(ms / base).toFixed(0)}x the time at ${short}`,
        );
        break;
      }
    }
  }
  return slow;
}

/** Minutes of budget for seconds of work: a loaded machine makes the run slower, never wrong. */
export const LINEAR_TIME_TEST = { timeout: 120_000 };
