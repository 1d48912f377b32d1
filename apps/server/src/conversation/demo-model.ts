/**
 * The demo's language model: clearly a stand-in, scripted by simple rules, served by our own server as
 * an OpenAI-compatible streaming endpoint (see demo-model-routes.ts), so `npm start` converses with no
 * key and no network. It recognises what the runtime asks of it — a referee's verdict, a yes/no
 * question, a filler, the post-call analysis, the transfer's handover note — and otherwise answers the
 * callee's last words: price, a person, not interested, call back, goodbye, anything else. Pointing the LLM page at a real model replaces it.
 */
import { endQuoted, HANDOVER_MARKER } from './handover-summary.ts';

interface Message {
  role: string;
  content: string;
}

const HUMAN = /\b(human|agent|person|someone|real)\b|人工|客服|真人/i;
const PRICE = /\b(price|cost|how much|expensive|cheap)\b|价格|多少钱|费用|贵/i;
const NOT_INTERESTED = /\b(not interested|no thanks|take me off|don't call|no time)\b|不需要|不感兴趣|别打|没时间/i;
const BYE = /\b(bye|goodbye|that's all)\b|再见|拜拜/i;
const LATER = /\b(later|busy|call back|another time)\b|晚点|在忙|回电/i;
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

/** The analysis stream's JSON: tags from what was said, and a two-sentence summary. */
function demoAnalysis(transcript: string): string {
  const customer = transcript
    .split('\n')
    .filter((line) => line.startsWith('customer:'))
    .join(' ');
  const tags: string[] = [];
  if (/register the renewal|登记续费/.test(transcript) || /sounds useful|好的|可以/i.test(customer)) tags.push('renewed');
  if (NOT_INTERESTED.test(customer)) tags.push('not_interested');
  if (LATER.test(customer) || /call you back/i.test(transcript)) tags.push('call_back_later');
  const asked = [PRICE.test(customer) && 'the price', DETAILS.test(customer) && 'the details', HUMAN.test(customer) && 'a person']
    .filter(Boolean)
    .join(' and ');
  const outcome = tags.includes('renewed')
    ? 'agreed to renew'
    : tags.includes('not_interested')
      ? 'was not interested'
      : tags.includes('call_back_later')
        ? 'asked to be called back later'
        : 'did not decide';
  const summary = `The customer was reminded that the plan expires soon${asked ? ` and asked about ${asked}` : ''}. In the end the customer ${outcome}.`;
  return JSON.stringify({ tags, summary });
}

/**
 * The transfer's handover note (conversation/handover-summary.ts asks for it): who the customer is (a name
 * field of the call's information), what they asked about, and their request for a person in their words.
 */
function demoHandover(system: string, transcript: string): string {
  const zh = /Write in Chinese/.test(system);
  const name = /^(?:name|customer_?name|姓名|客户姓名):\s*(.+)$/im.exec(system)?.[1]?.trim();
  const customer = transcript
    .split('\n')
    .filter((line) => line.startsWith('Customer: '))
    .map((line) => line.slice('Customer: '.length).trim());
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
  if (/ANSWER \(reply normally\), HANGUP/.test(asked)) {
    if (HUMAN.test(said)) return 'TRANSFER';
    if (NOT_INTERESTED.test(said) || BYE.test(said)) return 'HANGUP';
    return 'ANSWER';
  }
  if (/Answer with one word: yes or no/.test(asked)) {
    const question = /Question about the conversation above: (.*)/.exec(asked)?.[1] ?? '';
    if (/human|person|agent/i.test(question)) return HUMAN.test(said) ? 'yes' : 'no';
    return YES.test(said) ? 'yes' : 'no';
  }
  const system = messages[0]?.content ?? '';
  if (/filler/i.test(system)) return zh ? '稍等，我帮您看一下。' : 'One moment, let me check that for you.';
  if (/^Rewrite the assistant reply/i.test(system)) return asked;
  if (PRICE.test(said)) {
    return zh
      ? '续费和现在的价格一样，每月九十九元，年付还能再优惠两个月。需要我帮您办理吗？'
      : 'The renewal keeps your current price of 99 yuan a month, and paying yearly saves you two months. Shall I renew it for you?';
  }
  if (NOT_INTERESTED.test(said))
    return zh ? '好的，不打扰您了，祝您生活愉快，再见。' : 'I understand, I will not take more of your time. Have a nice day, goodbye.';
  if (BYE.test(said)) return zh ? '感谢您的时间，再见。' : 'Thank you for your time. Goodbye.';
  if (LATER.test(said)) return zh ? '没问题，我们晚点再联系您。' : 'No problem, we will call you back at a better time.';
  if (DETAILS.test(said)) {
    return zh
      ? '您的套餐本月底到期，续费后服务不中断，价格不变。我可以把详情发短信给您。'
      : 'Your plan ends this month; renewing keeps the service running at the same price. I can send you the details by text message.';
  }
  if (YES.test(said))
    return zh
      ? '太好了，我这就为您登记续费，稍后会收到确认短信。'
      : 'Great, I will register the renewal now, and you will get a confirmation message shortly.';
  return zh
    ? '明白。您的套餐月底到期，需要我为您续费吗？'
    : 'I see. Your plan expires at the end of the month. Would you like me to renew it for you?';
}

/** The reply in token-sized pieces (words with their spaces; Chinese two characters at a time). */
export function demoTokens(text: string): string[] {
  if (/[\u4e00-\u9fff]/.test(text)) return text.match(/.{1,2}/gsu) ?? [];
  return text.match(/\S+\s*/g) ?? [];
}
