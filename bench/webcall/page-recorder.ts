/**
 * What runs inside each Chromium page of bench:webcall:heard (plain scripts: they are sent to the page as text).
 *
 * - `PAGE_HOOKS` (an init script, before the app loads): keeps the page's RTCPeerConnections, and copies the
 *   test bench's Server-Sent Events as they arrive, each with the page's `performance.now()`.
 * - `START_RECORDING`: once the call is up, records the page's two ends of it in one AudioContext (8 kHz), so
 *   both are on one sample clock: channel 0 the microphone's track as it is sent (the sender's track, after
 *   Chromium's capture processing), channel 1 what the page receives (the receiver's track, after the jitter
 *   buffer and the decoder: what the `<audio>` element plays). An AudioWorklet copies the samples off the audio
 *   thread (a ScriptProcessor on a busy main thread may lose blocks); render quanta the audio thread skipped are
 *   filled with silence on both channels and counted.
 * - `TAKE_RECORDING`: the recording as 16-bit PCM (base64 per channel), the events with their times, the
 *   offset that turns a `performance.now()` into the recording's clock, and the jitter buffer's figures.
 */

export const PAGE_HOOKS = `(() => {
  window.benchPeers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.benchPeers.push(this); }
  };
  window.benchEvents = [];
  const fetchNative = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await fetchNative(...args);
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (!/\\/bench\\/[^/]+\\/events$/.test(url) || !response.body) return response;
    const [forApp, forBench] = response.body.tee();
    void (async () => {
      const reader = forBench.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
        const at = performance.now();
        buffer += value;
        let cut = buffer.indexOf('\\n\\n');
        while (cut >= 0) {
          const chunk = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (chunk.startsWith('data: ')) window.benchEvents.push({ at, event: JSON.parse(chunk.slice(6)) });
          cut = buffer.indexOf('\\n\\n');
        }
      }
    })();
    return new Response(forApp, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
})();`;

const WORKLET = `class Tap extends AudioWorkletProcessor {
  constructor() { super(); this.said = []; this.heard = []; this.first = -1; this.blocks = 0; this.next = -1; this.gaps = 0; }
  process(inputs) {
    const input = inputs[0] || [];
    if (this.first < 0) this.first = currentFrame;
    // Render quanta the audio thread skipped (a starved page): silence on both channels keeps the timeline.
    if (this.next >= 0 && currentFrame > this.next) {
      const gap = currentFrame - this.next;
      this.said.push(new Float32Array(gap));
      this.heard.push(new Float32Array(gap));
      this.gaps += gap;
    }
    this.next = currentFrame + 128;
    this.said.push(new Float32Array(input[0] || 128));
    this.heard.push(new Float32Array(input[1] || 128));
    if (++this.blocks === 20) {
      this.port.postMessage({ first: this.first, end: currentFrame + 128, gaps: this.gaps, said: this.said, heard: this.heard });
      this.said = []; this.heard = []; this.first = -1; this.blocks = 0;
    }
    return true;
  }
}
registerProcessor('bench-tap', Tap);`;

/** Starts recording the page's newest call (its peer connection has its sender's and receiver's tracks). */
export const START_RECORDING = `(async () => {
  const pc = window.benchPeers.at(-1);
  const sent = pc.getSenders().find((s) => s.track && s.track.kind === 'audio').track;
  const received = pc.getReceivers().find((r) => r.track.kind === 'audio').track;
  const ctx = new AudioContext({ sampleRate: 8000 });
  await ctx.audioWorklet.addModule(URL.createObjectURL(new Blob([${JSON.stringify(WORKLET)}], { type: 'text/javascript' })));
  const merger = ctx.createChannelMerger(2);
  ctx.createMediaStreamSource(new MediaStream([sent])).connect(merger, 0, 0);
  ctx.createMediaStreamSource(new MediaStream([received])).connect(merger, 0, 1);
  const tap = new AudioWorkletNode(ctx, 'bench-tap', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 2, channelCountMode: 'explicit' });
  const recording = { rate: ctx.sampleRate, firstFrame: -1, frames: 0, said: [], heard: [], offsetMs: Infinity, ctx };
  window.benchRecording = recording;
  tap.port.onmessage = ({ data }) => {
    if (recording.firstFrame < 0) recording.firstFrame = data.first;
    recording.said.push(...data.said);
    recording.heard.push(...data.heard);
    recording.frames = data.end - recording.firstFrame;
    recording.gaps = data.gaps;
    // The message leaves the audio thread as its last block is rendered: the smallest (arrival − frame time)
    // is the best estimate of the offset between the page's clock and the context's.
    recording.offsetMs = Math.min(recording.offsetMs, performance.now() - (data.end / ctx.sampleRate) * 1000);
  };
  // The receiving side's RTP figures, kept while the call lives (the connection is closed when it ends).
  const sample = async () => {
    if (pc.connectionState === 'closed') return;
    const stats = await pc.getStats();
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') recording.inbound = report;
    });
  };
  recording.stats = setInterval(() => void sample().catch(() => undefined), 1000);
  merger.connect(tap);
  // Pulled by the destination, silently: the tap writes nothing to its output.
  tap.connect(ctx.destination);
  await ctx.resume();
})()`;

export interface PageRecording {
  rate: number;
  /** The context frame of the recording's first sample. */
  firstFrame: number;
  /** 16-bit PCM, base64, per channel. */
  said: string;
  heard: string;
  /** Recording ms = performance.now() − offsetMs − firstFrame / rate × 1000. */
  offsetMs: number;
  events: Array<{ at: number; event: unknown }>;
  /** Frames the audio thread skipped (filled with silence on both channels, so the timeline holds). */
  missingFrames: number;
  /** The page's inbound RTP: mean jitter buffer delay and target (ms), packets received and lost. */
  jitterBufferMs: number | null;
  jitterBufferTargetMs: number | null;
  packetsReceived: number;
  packetsLost: number;
}

/** The recording so far (and it stops), the events and the receiving side's RTP statistics: a PageRecording. */
export const TAKE_RECORDING = `(async () => {
  const recording = window.benchRecording;
  await recording.ctx.close();
  clearInterval(recording.stats);
  const pcm = (blocks) => {
    const out = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const block of blocks) for (const sample of block) out[at++] = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
    let text = '';
    const bytes = new Uint8Array(out.buffer);
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const inbound = recording.inbound || {};
  const jitterBufferMs = inbound.jitterBufferEmittedCount ? (1000 * inbound.jitterBufferDelay) / inbound.jitterBufferEmittedCount : null;
  const jitterBufferTargetMs = inbound.jitterBufferEmittedCount ? (1000 * inbound.jitterBufferTargetDelay) / inbound.jitterBufferEmittedCount : null;
  const events = window.benchEvents;
  window.benchEvents = [];
  return {
    rate: recording.rate,
    firstFrame: recording.firstFrame,
    said: pcm(recording.said),
    heard: pcm(recording.heard),
    offsetMs: recording.offsetMs,
    events,
    missingFrames: recording.gaps || 0,
    jitterBufferMs,
    jitterBufferTargetMs,
    packetsReceived: inbound.packetsReceived || 0,
    packetsLost: inbound.packetsLost || 0,
  };
})()`;
