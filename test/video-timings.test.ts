// The latency budget's parts: StageClock's arithmetic, the `video timings` log line a real server
// writes for a real job (ffmpeg test generator with a known pause before each stage), and the
// start-up warm-up against the real espeak-ng worker.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { warmUp } from '../src/jobs/warm-up.ts';
import { StageClock, formatTimings, timingsFromLogLine, type VideoTimings } from '../src/videos/video-timings.ts';
import { logCapture } from './support/log-capture.ts';
import { startServer, success } from './support/server.ts';

describe('StageClock', () => {
  it('gives each stage the time to the next mark, in order, the queue wait from due to claim, and merges repeated marks', () => {
    let now = 1000;
    const clock = new StageClock(400, () => now);
    now = 1010;
    clock.mark('script');
    now = 1050;
    clock.mark('script');
    now = 1100;
    clock.mark('render');
    now = 1400;
    clock.mark('publish');
    now = 1425;
    const t = clock.finish('p1', 2);
    assert.deepEqual(Object.keys(t.stages), ['prepare', 'script', 'render', 'publish']);
    assert.deepEqual(t.stages, { prepare: 10, script: 90, render: 300, publish: 25 });
    assert.equal(t.queueMs, 600);
    assert.equal(t.runMs, 425);
    assert.equal(t.committedAtMs, 1425);
    assert.equal(t.attempt, 2);
    assert.match(formatTimings(t, 7), /^queue 600 ms · prepare 10 ms.* · publish 25 ms.* · outbox→delivery 7 ms$/);
  });

  it('reads its record back from a JSON log line and ignores other lines', () => {
    const t: VideoTimings = { projectId: 'x', attempt: 1, queueMs: 1, stages: { render: 2 }, cpuMs: { render: 1 }, runMs: 2, committedAtMs: 3 };
    assert.deepEqual(timingsFromLogLine(JSON.stringify({ level: 30, msg: 'video timings', timings: t })), t);
    assert.equal(timingsFromLogLine(JSON.stringify({ level: 30, msg: 'video files stored', note: 'video timings' })), null);
    assert.equal(timingsFromLogLine('not json "video timings"'), null);
  });
});

describe('video timings line of a real job', () => {
  const log = logCapture();
  let s: Awaited<ReturnType<typeof startServer>>;
  after(async () => s?.close());

  it('logs every stage the job passed through, each at least the pause the generator made before it', async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1,stageDelayMs=200' }, logStream: log.stream });
    s.running.startBackground();
    const { apiKey: key } = await s.account();
    const product = success(await s.call('POST', '/v1/product', { key, body: { name: 'Glow Serum', description: 'Vitamin C serum.' } })).product_id;
    const created = Date.now();
    const { project_id } = success(
      await s.call('POST', '/v1/create_video_from_url', { key, body: { product_id: product, aspect_ratio: 0, video_length: '15', language: 'english', avatar_id: 1, avatar_type: 0, script_style: 'Problem/Solution', template_type: 'public', caption: true } }),
    );
    let line: VideoTimings | null = null;
    for (let i = 0; i < 300 && !line; i++) {
      line = log.lines.filter((l) => l.msg === 'video timings').map((l) => l.timings as VideoTimings).find((t) => t.projectId === project_id) ?? null;
      if (!line) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(line, 'no video timings line');
    const stages = Object.keys(line.stages);
    assert.equal(stages[0], 'prepare');
    for (const s of ['script', 'speech', 'render']) {
      assert.ok(stages.includes(s), `stage ${s} in ${stages.join(',')}`);
      assert.ok(line.stages[s]! >= 190, `${s} ${line.stages[s]} ms >= the 200 ms pause`);
    }
    assert.deepEqual(stages.slice(-2), ['publish', 'commit']);
    const sum = Object.values(line.stages).reduce((a, b) => a + b, 0);
    assert.equal(sum, line.runMs);
    assert.ok(line.committedAtMs >= created + line.runMs);
    const project = success(await s.call('GET', `/v1/project?project_id=${project_id}`, { key }));
    assert.equal(project.status_code, 4);
  });
});

describe('warm-up', () => {
  const espeak = new EspeakProcess();
  after(() => espeak.close());

  it('starts the espeak worker (the first synthesis afterwards needs no start), times each step, and records a failing step without throwing', async () => {
    const report = await warmUp({ espeak, steps: ['speech'] });
    assert.deepEqual(report.failed, []);
    assert.equal(typeof report.ms.speech, 'number');
    const broken = await warmUp({ espeak: { synth: async () => Promise.reject(new Error('no engine')) }, steps: ['speech'] });
    assert.deepEqual(broken.failed, [{ step: 'speech', error: 'no engine' }]);
    assert.equal(broken.ms.speech, undefined);
    const stopped = await warmUp({ espeak, steps: ['speech', 'render'], stopped: () => true });
    assert.deepEqual(stopped.ms, {});
  });

  it('renders its sample video through the real renderer', async () => {
    const report = await warmUp({ steps: ['render'] });
    assert.deepEqual(report.failed, []);
    assert.ok(report.ms.render! > 0);
  });

  it('steps aside when a video job starts (yieldTo): its render stops at the next checkpoint and no later step runs (fails before: the render ran to its end, then the speech step)', async () => {
    const jobStarted = new AbortController();
    let synths = 0;
    const counting = { synth: async (req: Parameters<typeof espeak.synth>[0]) => (synths++, espeak.synth(req)) };
    const t0 = performance.now();
    setTimeout(() => jobStarted.abort(), 150);
    const report = await warmUp({ espeak: counting, steps: ['render', 'speech'], yieldTo: jobStarted.signal });
    assert.equal(report.yielded, 'render');
    assert.deepEqual(report.failed, []);
    assert.deepEqual(report.ms, {});
    assert.equal(synths, 0);
    // Already started: nothing runs at all.
    const late = await warmUp({ espeak: counting, steps: ['speech', 'render'], yieldTo: jobStarted.signal });
    assert.equal(late.yielded, 'speech');
    assert.equal(synths, 0);
    assert.ok(performance.now() - t0 < 60_000);
  });
});
