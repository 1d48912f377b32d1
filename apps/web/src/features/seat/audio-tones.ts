/**
 * Sounds the seat makes itself with Web Audio (no audio file to download): the ring of an incoming offer
 * and the speaker test's beep. One AudioContext per page, created on first use; browsers start it
 * suspended until the user has clicked something, so each sound resumes it first.
 */
let context: AudioContext | null = null;

function audio(): AudioContext {
  context ??= new AudioContext();
  void context.resume().catch(() => undefined);
  return context;
}

/** A tone of the given frequencies from `at` for `seconds`, with short fades so it does not click. */
function tone(ctx: AudioContext, frequencies: number[], at: number, seconds: number, volume: number) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(volume, at + 0.02);
  gain.gain.setValueAtTime(volume, at + seconds - 0.02);
  gain.gain.linearRampToValueAtTime(0, at + seconds);
  gain.connect(ctx.destination);
  for (const frequency of frequencies) {
    const oscillator = ctx.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(at);
    oscillator.stop(at + seconds);
  }
}

/** The speaker test: a 440 Hz beep of 0.6 s. Resolves when it has played. */
export function playTestTone(): Promise<void> {
  const ctx = audio();
  tone(ctx, [440], ctx.currentTime + 0.05, 0.6, 0.3);
  return new Promise((resolve) => setTimeout(resolve, 700));
}

/**
 * Rings until the returned function is called: a two-tone ring (440 + 480 Hz, as telephones ring) of
 * 0.4 s on, 0.2 s off, 0.4 s on, then a 2 s pause.
 */
export function startRinging(): () => void {
  const ctx = audio();
  let stopped = false;
  const ring = () => {
    if (stopped) return;
    const at = ctx.currentTime + 0.02;
    tone(ctx, [440, 480], at, 0.4, 0.15);
    tone(ctx, [440, 480], at + 0.6, 0.4, 0.15);
  };
  ring();
  const timer = setInterval(ring, 3000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
