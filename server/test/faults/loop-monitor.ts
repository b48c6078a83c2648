import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Preloaded into a fault test's server process (`--import`), never into the app itself: it samples the event loop's
// delay (docs/security.md N8) and, on SIGUSR2, writes the window's percentiles in milliseconds to LOOP_MONITOR_FILE and
// starts a new window.

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const window = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    histogram.reset();
    writeFileSync(file, JSON.stringify(window));
  });
}
