/**
 * Adaptive endpointing: how long the line must stay silent after the callee's speech before their turn is
 * over, from what they have said so far (the recogniser's latest partial). A turn that reads as finished —
 * a question, or a short complete answer — ends sooner; one that trails off ("and …", "I think …", "um") waits
 * longer, so a callee who pauses mid-thought is not answered half-way. LiveKit Agents' turn detector makes the
 * same trade with a model; ours is a rule on the words, written for the short turns of an outbound call.
 *
 * With the default delay of 600 ms: complete 300 ms, neutral 600 ms, trailing 960 ms (×0.5 / ×1 / ×1.6, the
 * complete case never under 200 ms). The rule and its numbers are in docs/conversation.md. Used by the
 * speech calls' turn listener (speech/turn-listener.ts) and by the simulated trunk's voice when it plays a
 * recogniser's timing (text-call-voice.ts).
 */
export type Completeness = 'complete' | 'neutral' | 'trailing';

const TRAILING =
  /(\b(and|but|or|so|because|cause|then|if|that|the|a|an|to|of|with|for|about|in|on|is|are|was|were|my|i think|i mean|you know|like|well|um+|uh+|er+|hmm+)|,|…|\.\.\.|然后|还有|就是|那个|因为|所以|但是|而且|嗯+|呃+)\s*$/i;
const QUESTION =
  /[?？]\s*$|^(who|what|when|where|why|how|which|can|could|do|does|did|is|are|will|would|should|may)\b.*\b\w+\b.*\b\w+\b|[吗呢吧]\s*$/i;
const SHORT_ANSWER =
  /^(yes|yeah|yep|no|nope|no thanks|ok|okay|sure|fine|right|bye|goodbye|thanks|thank you|not now|not interested|go ahead|hello)[.!]?$|^(好的|是的|对|不用了|不需要|可以|行|再见|谢谢|喂)[。！]?$/i;

/** How the callee's words so far read: finished, trailing off, or neither. */
export function completeness(text: string): Completeness {
  const said = text.trim();
  if (!said) return 'neutral';
  if (TRAILING.test(said)) return 'trailing';
  if (QUESTION.test(said) || SHORT_ANSWER.test(said)) return 'complete';
  // A sentence that ends with a stop is a finished statement.
  if (/[.!。！]\s*$/.test(said) && said.split(/\s+/).length >= 3) return 'complete';
  return 'neutral';
}

/** The endpointing delay for words that read like `text`, from the configured delay. */
export function endpointingDelayMs(text: string, baseMs: number): number {
  switch (completeness(text)) {
    case 'complete':
      return Math.max(200, Math.round(baseMs * 0.5));
    case 'trailing':
      return Math.round(baseMs * 1.6);
    default:
      return baseMs;
  }
}
