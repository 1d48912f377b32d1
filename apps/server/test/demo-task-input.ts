/**
 * The input of a task that may call at any hour, on the demo's simulated lines, with one prologue: what the
 * tests against a running demo server (the fault tests here, the browser tests in e2e/) create to get calls.
 * `options` is `/api/tasks/options`'s answer, as far as this reads it.
 */
export function simulatedTaskInput(
  options: { scenarios: { id: string }[]; voices: { id: string }[]; sipLines: { id: string; alias: string }[] },
  projectId: string,
  name: string,
) {
  return {
    projectId,
    name,
    scenarioId: options.scenarios[0]!.id,
    voiceId: options.voices[0]!.id,
    sipLineIds: options.sipLines.filter((line) => line.alias.startsWith('Simulated line')).map((line) => line.id),
    callStart: '00:00',
    callEnd: '23:59',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    advanced: {
      prologues: ['This is Lin from AcmeOutreach, calling about your membership renewal. Do you have a minute?'],
      pauseSeconds: 1,
    },
  };
}
