// Preloaded (`node --import`) by bench/profile/profile-servers.mjs: SIGUSR2 starts the CPU profiler (sampling every
// PROF_INTERVAL µs, default 200), and at exit the profile is written to the file PROF_OUT names.
import inspector from 'node:inspector';
import { writeFileSync } from 'node:fs';
const session = new inspector.Session();
session.connect();
let started = false;
process.on('SIGUSR2', () => {
  if (started) return;
  started = true;
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROF_INTERVAL ?? 200) });
  session.post('Profiler.start');
});
process.on('exit', () => {
  if (!started) return;
  session.post('Profiler.stop', (error, { profile }) => {
    if (!error) writeFileSync(process.env.PROF_OUT, JSON.stringify(profile));
  });
});
