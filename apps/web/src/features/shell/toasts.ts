/** Arco's feedback chunk, fetched on first use (feedback.ts says why). */
export const feedback = () => import('./feedback.ts');

/** A toast from code that runs before the signed-in console (login, the request layer, the guard). */
export function toast(kind: 'success' | 'error' | 'info', content: string, duration?: number): void {
  void feedback().then(({ Message }) => Message[kind]({ content, duration }));
}
