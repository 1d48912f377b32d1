/**
 * The demo's language model: clearly a stand-in, scripted by simple rules, served by our own server as
 * an OpenAI-compatible streaming endpoint (see demo-model-routes.ts), so `npm start` converses with no
 * key and no network. It recognises what the runtime asks of it — a referee's verdict, a yes/no
 * question, a filler, the post-call analysis, the transfer's handover note — and otherwise answers the
 * callee's last words: price, a person, not interested, call back, goodbye, anything else. Pointing the LLM page at a real model replaces it.
 */
import { endQuoted, HANDOVER_MARKER } from '../conversation/handover-summary.ts';
import { linesOf, TRANSCRIPT_LABELS } from '../conversation/prompt-transcript.ts';

interface Message {
  role: string;
  content: string;
}

const HUMAN = /\b(human|agent|person|someone|real)\b|人工|客服|真人/i;
const PRICE = /\b(price|cost|how much|expensive|cheap)\b|价格|多少钱|费用|贵/i;
const NOT_INTERESTED = /\b(not interested|no thanks|take me off|don't call|no time|don't have time)\b|不需要|不感兴趣|别打|没时间/i;
const BYE = /\b(bye|goodbye|that's all)\b|再见|拜拜/i;
const LATER = /\b(later|busy|call back|another time)\b|晚点|在忙|回电/i;
/** Asking us to call again ("I'll call back" is the callee calling us: no tag). */
const CALL_ME_LATER = /\b(call me (back )?later|call me back|another time|(i am|i'm) busy|not now)\b|晚点|在忙|回电/i;
const DETAILS = /\b(details|tell me more|more information|send)\b|详细|介绍|发给我/i;
const YES = /\b(yes|okay|ok|sure|sounds (good|useful)|fine)\b|好的|可以|行|是的/i;

function lastUser(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return messages[i]!.content;
  return '';
}

function lastCallee(messages: readonly Message[]): string {
  // The runtime's own questions (verdict, yes/no) come as a last user message: the callee's words are the one before.
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const own = /Answer with one word/.test(users.at(-1) ?? '');
  return (own ? users.at(-2) : users.at(-1)) ?? '';
}

function chinese(messages: readonly Message[]): boolean {
  return /Reply in Chinese/.test(messages[0]?.content ?? '') || /[\u4e00-\u9fff]/.test(lastCallee(messages));
}

/** The callee agreeing to renew, in so many words ("That sounds useful." or "Okay, tell me more." is not a yes). */
const AGREE = /\b(yes|yeah|yep|sure|please do|go ahead|do it|renew it|sign me up)\b|续费吧|办理吧|可以续|好的，续|是的/i;

/** A line's words without the mark of its being cut off. */
const uncut = (text: string) => text.replace(/\s*…$/, '');

/**
 * The analysis stream's JSON, built only from what was said: the summary names what the AI said and what the
 * customer said (a line never said is never in it), and a tag needs the customer's own words for it —
 * `renewed` their explicit yes to the AI's offer, `not_interested` and `call_back_later` their saying so.
 */
function demoAnalysis(transcript: string): string {
  const lines = transcript.split('\n');
  const ai = linesOf(transcript, 'ai');
  const customer = linesOf(transcript, 'customer').map(uncut);
  const aiSaid = ai.join(' ');
  // A yes counts for renewing only as the answer to an offer to renew.
  let agreed = false;
  lines.forEach((line, index) => {
    if (!line.startsWith(`${TRANSCRIPT_LABELS.customer}:`) || !AGREE.test(line)) return;
    const before =
      lines
        .slice(0, index)
        .reverse()
        .find((l) => l.startsWith(`${TRANSCRIPT_LABELS.ai}:`)) ?? '';
    if (/renew it for you|为您续费|帮您办理/i.test(before)) agreed = true;
  });
  const words = customer.join(' ');
  const tags: string[] = [];
  if (agreed) tags.push('renewed');
  if (NOT_INTERESTED.test(words)) tags.push('not_interested');
  if (CALL_ME_LATER.test(words)) tags.push('call_back_later');
  const told = [
    /ends? (at the end of )?this month|expires|到期/i.test(aiSaid) && 'that the plan ends this month',
    /99 yuan|九十九/i.test(aiSaid) && 'the renewal price',
  ].filter(Boolean);
  const asked = [
    WHO.test(words) && 'who was calling',
    PRICE.test(words) && 'the price',
    DETAILS.test(words) && 'the details',
    HUMAN.test(words) && 'a person',
  ].filter(Boolean);
  const outcome = agreed
    ? 'agreed to renew'
    : tags.includes('not_interested')
      ? 'said they were not interested'
      : tags.includes('call_back_later')
        ? 'asked to be called back later'
        : 'did not decide';
  const first = told.length > 0 ? `The AI told the customer ${told.join(' and ')}.` : 'The AI introduced the call.';
  const second =
    customer.length === 0
      ? 'The customer said nothing.'
      : `The customer${asked.length > 0 ? ` asked about ${asked.join(' and ')} and` : ''} ${outcome}.`;
  return JSON.stringify({ tags, summary: `${first} ${second}` });
}

/**
 * The transfer's handover note (conversation/handover-summary.ts asks for it): who the customer is (a name
 * field of the call's information), what they asked about, and their request for a person in their words.
 */
function demoHandover(system: string, transcript: string): string {
  const zh = /Write in Chinese/.test(system);
  const name = /^(?:name|customer_?name|姓名|客户姓名):\s*(.+)$/im.exec(system)?.[1]?.trim();
  const customer = linesOf(transcript, 'customer').map(uncut);
  const request = [...customer].reverse().find((line) => HUMAN.test(line)) ?? customer.at(-1) ?? '';
  const earlier = customer.filter((line) => line !== request).join(' ');
  const topics = [PRICE.test(earlier) && 'price', DETAILS.test(earlier) && 'details', LATER.test(earlier) && 'later'].filter(
    (topic): topic is string => Boolean(topic),
  );
  if (zh) {
    const words: Record<string, string> = { price: '价格', details: '详情', later: '改天再联系' };
    const asked = topics.length > 0 ? `，问过${topics.map((topic) => words[topic]).join('和')}` : '';
    return `客户${name ?? ''}接到套餐续费提醒${asked}。${request ? endQuoted(`客户要求与人工客服通话：“${request}”`, request, '。') : '客户要求与人工客服通话。'}`;
  }
  const words: Record<string, string> = { price: 'the price', details: 'the details', later: 'being called back later' };
  const asked = topics.length > 0 ? ` and asked about ${topics.map((topic) => words[topic]).join(' and ')}` : '';
  const who = name ? `The customer, ${name},` : 'The customer';
  const want = request ? endQuoted(`They want to speak to a person: "${request}"`, request, '.') : 'They want to speak to a person.';
  return `${who} heard the renewal reminder${asked}. ${want}`;
}

export function demoReply(messages: readonly Message[]): string {
  const asked = lastUser(messages);
  if (/Answer with JSON only/.test(asked)) return demoAnalysis(/The finished call:\n([\s\S]*?)\n\nAllowed tags/.exec(asked)?.[1] ?? '');
  if (asked.includes(HANDOVER_MARKER))
    return demoHandover(messages[0]?.content ?? '', /The conversation so far:\n([\s\S]*?)\n\n/.exec(asked)?.[1] ?? '');
  const said = lastCallee(messages);
  const zh = chinese(messages);
  const state = conversationState(messages);
  if (/ANSWER \(reply normally\), HANGUP/.test(asked)) return verdict(said, state);
  if (/Answer with one word: yes or no/.test(asked)) {
    const question = /Question about the conversation above: (.*)/.exec(asked)?.[1] ?? '';
    if (/human|person|agent/i.test(question)) return HUMAN.test(said) ? 'yes' : 'no';
    return YES.test(said) ? 'yes' : 'no';
  }
  const system = messages[0]?.content ?? '';
  if (/filler/i.test(system)) return pick(zh ? ZH.filler : EN.filler, state.fillers);
  if (/^Rewrite the assistant reply/i.test(system)) return asked;
  return answer(said, state, zh);
}

/**
 * What the conversation so far says about where the call is (the model is stateless, like a real one: its
 * state is the messages it is sent). The assistant's own earlier answers tell what it has said.
 */
interface ConversationState {
  /** The assistant's answers so far (the opening included), newest last. */
  answers: string[];
  /** The renewal was offered ("Shall I renew …?"). */
  offered: boolean;
  /** The renewal was registered (the goal). */
  registered: boolean;
  /** How many callee turns there were. */
  turns: number;
  /** A seed for varied fillers: the number of messages. */
  fillers: number;
}

function conversationState(messages: readonly Message[]): ConversationState {
  const answers = messages.filter((m) => m.role === 'assistant').map((m) => m.content.replace(/\s*…$/, ''));
  const all = answers.join(' ');
  return {
    answers,
    offered: /renew it for you|为您续费|帮您办理/i.test(all),
    registered: /register the renewal|登记续费/i.test(all),
    turns: messages.filter((m) => m.role === 'user' && !/Answer with one word|Decide what to do/.test(m.content)).length,
    fillers: messages.length,
  };
}

/** The referee: a person → TRANSFER; no, goodbye, or the goal reached and acknowledged → HANGUP; else ANSWER. */
function verdict(said: string, state: ConversationState): string {
  if (HUMAN.test(said)) return 'TRANSFER';
  if (NOT_INTERESTED.test(said) || BYE.test(said)) return 'HANGUP';
  // The renewal is registered and the callee has nothing new to ask: the call has reached its goal.
  if (state.registered && !PRICE.test(said) && !DETAILS.test(said) && !WHO.test(said)) return 'HANGUP';
  // A call that goes round in circles ends politely (the main answer said we would follow up by text).
  if (state.answers.length >= 7) return 'HANGUP';
  return 'ANSWER';
}

const WHO = /\b(who (is|are|am i|'s)|who's calling|what company|which company|where are you calling from)\b|你是谁|哪位|哪里|什么公司/i;

/** Each intent's lines; the first not said last time is taken, so no answer is given twice in a row. */
/**
 * Each answer leads with a short sentence: the first sentence is what the callee waits for (it goes to speech as
 * soon as it is cut), so a short one is heard sooner while the rest streams on.
 */
const EN = {
  who: [
    'This is Lin from AcmeOutreach. I am calling because your membership plan ends this month.',
    "It's Lin at AcmeOutreach. Your membership plan ends this month, so I'm calling about renewing it.",
  ],
  price: [
    'It stays at 99 yuan a month. Paying yearly saves you two months. Shall I renew it for you?',
    'The price does not change. It is 99 yuan a month, or two months free if you pay for the year. Shall I renew it for you?',
  ],
  notInterested: ['I understand. I will not take more of your time. Have a nice day, goodbye.'],
  bye: ['Thank you for your time. Goodbye.'],
  later: ['No problem. We will call you back at a better time.', 'Of course. When would suit you better?'],
  details: [
    'Nothing else changes. Renewing keeps the service running at the same price. Shall I renew it for you?',
    'Only the end date moves. Same service, same price. Would you like me to renew it for you?',
  ],
  yes: ['Great, thank you. I will register the renewal now, and you will get a confirmation message shortly.'],
  registeredAgain: ['It is all done. Your renewal is registered and the confirmation message is on its way.'],
  offer: [
    'Your plan ends this month. Would you like me to renew it for you?',
    'Renewing keeps everything as it is. Shall I renew it for you?',
  ],
  wrapUp: ['I will text you the details. You can decide in your own time. Thank you, goodbye.'],
  filler: ['One moment, let me check that for you.', 'Let me just look that up.', 'Just a second, please.'],
};
const ZH = {
  who: [
    '我是艾克米外呼的林，打电话是想提醒您，您的会员套餐本月底到期。',
    '这里是艾克米外呼，我姓林，您的会员套餐本月底到期，特地来提醒您。',
  ],
  price: ['续费价格不变，每月九十九元，年付还能优惠两个月。需要我为您续费吗？', '还是每月九十九元，按年付送两个月。需要我为您续费吗？'],
  notInterested: ['好的。不打扰您了，祝您生活愉快，再见。'],
  bye: ['感谢您的时间，再见。'],
  later: ['没问题，我们晚点再联系您。', '好的，您看什么时候方便？'],
  details: ['您的套餐本月底到期，续费后服务不中断，价格不变。需要我为您续费吗？', '除了到期日，其他都不变。需要我帮您办理续费吗？'],
  yes: ['太好了，我这就为您登记续费，稍后会收到确认短信。'],
  registeredAgain: ['您的续费已经登记好了，确认短信马上就到。还有什么可以帮您？'],
  offer: ['您的套餐月底到期，需要我为您续费吗？', '续费后一切照旧。需要我为您续费吗？'],
  wrapUp: ['我把详情短信发给您，您慢慢考虑。谢谢，再见。'],
  filler: ['稍等，我帮您看一下。', '请稍等。', '我查一下，马上就好。'],
};

/** The callee's words, answered from where the call is: who we are, the price, details, yes → the goal. */
function answer(said: string, state: ConversationState, zh: boolean): string {
  const lines = zh ? ZH : EN;
  const last = state.answers.at(-1) ?? '';
  const choose = (options: readonly string[]) => options.find((line) => line !== last) ?? options[0]!;
  if (WHO.test(said)) return choose(lines.who);
  if (NOT_INTERESTED.test(said)) return choose(lines.notInterested);
  if (BYE.test(said)) return choose(lines.bye);
  if (PRICE.test(said)) return choose(lines.price);
  if (LATER.test(said)) return choose(lines.later);
  if (DETAILS.test(said)) return choose(lines.details);
  if (YES.test(said) && state.offered) return state.registered ? choose(lines.registeredAgain) : choose(lines.yes);
  if (state.answers.length >= 6) return choose(lines.wrapUp);
  // Anything else ("hello?", "okay, tell me more"): move towards the goal.
  return state.offered ? choose(lines.details.filter((line) => line !== last).concat(lines.offer)) : choose(lines.offer);
}

function pick(options: readonly string[], seed: number): string {
  return options[seed % options.length]!;
}

/** The reply in token-sized pieces (words with their spaces; Chinese two characters at a time). */
export function demoTokens(text: string): string[] {
  if (/[\u4e00-\u9fff]/.test(text)) return text.match(/.{1,2}/gsu) ?? [];
  return text.match(/\S+\s*/g) ?? [];
}
