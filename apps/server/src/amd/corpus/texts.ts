/**
 * What the corpus's callees say. Mandarin is written in pinyin with tone digits for espeak-ng's
 * `cmn-latn-pinyin` voice (its `cmn` voice reads Hanzi as letters).
 */

/** How people pick up: short, then they wait for us. */
export const HUMAN_OPENERS = {
  en: ['Hello?', 'Hello, who is this?', 'Yes, who is it?', 'Hi.', 'Yeah?', 'Hello, speaking.', 'Hi, who is calling?', 'Yes?'],
  zh: ['wei2?', 'wei2, ni3 hao3.', 'wei2, na3 wei4?', 'ni3 hao3, shei2 ya?', 'wei2, shen2 me shi4?', 'ei, ni3 hao3.'],
} as const;

/** Voicemail greetings: long, in sentences, often ending with "after the tone". */
export const MACHINE_GREETINGS = {
  en: [
    "Hi, you've reached Sarah. I can't come to the phone right now. Please leave a message after the tone.",
    'Hello, this is Mark. Sorry I missed your call. Leave your name and number and I will call you back.',
    'The person you are calling is not available. Please leave a message after the beep.',
    "You have reached the voicemail of David Chen. I'm away from my desk, please leave a message.",
    'Thank you for calling. Nobody is available to take your call. Please record your message after the tone.',
    "Hey, it's Jenny. I'm busy right now, but leave a message and I'll get back to you as soon as I can.",
  ],
  zh: [
    'nin2 hao3, wo3 xian4 zai4 bu4 fang1 bian4 jie1 ting1 dian4 hua4, qing3 zai4 di1 sheng1 hou4 liu2 yan2.',
    'nin2 hao3, zhe4 li3 shi4 wang2 xian1 sheng1 de yu3 yin1 xin4 xiang1, qing3 liu2 xia4 nin2 de xing4 ming2 he2 dian4 hua4.',
    'nin2 suo3 bo1 da3 de yong4 hu4 zan4 shi2 wu2 fa3 jie1 ting1, qing3 zai4 ting1 dao4 ti2 shi4 yin1 hou4 liu2 yan2.',
    'ni3 hao3, wo3 shi4 li3 ming2, wo3 mu4 qian2 bu2 zai4, qing3 liu2 yan2, wo3 hui4 jin4 kuai4 hui2 fu4 nin2.',
  ],
} as const;

/** Carrier announcements of a dead or unreachable number. */
export const ANNOUNCEMENTS = {
  en: [
    'The number you have dialed is not in service. Please check the number and try again.',
    'We are sorry, the subscriber you have dialed is switched off. Please try again later.',
    'The number you dialed has been disconnected.',
  ],
  zh: [
    'nin2 bo1 da3 de hao4 ma3 shi4 kong1 hao4, qing3 cha2 dui4 hou4 zai4 bo1.',
    'nin2 bo1 da3 de dian4 hua4 yi3 guan1 ji1.',
    'dui4 bu4 qi3, nin2 bo1 da3 de yong4 hu4 zan4 shi2 wu2 fa3 jie1 tong1, qing3 shao1 hou4 zai4 bo1.',
  ],
} as const;

/** People who say more before they wait: a name, a greeting and a question in one breath (slow speakers too). */
export const LONG_OPENERS = {
  en: [
    'Hi, this is Mark speaking.',
    "Hello, this is Li Wei speaking, who's calling please?",
    'Good afternoon, Smith residence, how can I help you?',
    'Hello, yes, this is Anna, who am I speaking with?',
  ],
  zh: ['wei2, ni3 hao3, wo3 shi4 wang2 fang1, qing3 wen4 ni3 shi4 na3 wei4?', 'wei2, ni3 hao3, qing3 wen4 you3 shen2 me shi4 ma?'],
} as const;

/** Short voicemail greetings: over before any length rule could tell, the beep comes late. */
export const SHORT_GREETINGS = {
  en: ['Leave a message.', 'Please leave a message after the tone.', "Sorry, I'm not available. Leave a message."],
  zh: ['qing3 liu2 yan2.', 'qing3 zai4 di1 sheng1 hou4 liu2 yan2.'],
} as const;

/** What a television in the room says behind the person who picks up (several voices at once make babble). */
export const TV_TALK = {
  en: [
    'Good evening, here are the main stories tonight. The council has approved the new budget after a long debate.',
    'And in sports, the home team won again on Saturday, with a late goal in the second half of the match.',
    'Tomorrow will be cloudy in the morning, with some rain in the afternoon and a light wind from the west.',
  ],
  zh: [
    'guan1 zhong4 peng2 you3 men5 wan3 shang4 hao3, huan1 ying2 shou1 kan4 jin1 tian1 de xin1 wen2 lian2 bo1.',
    'ming2 tian1 bai2 tian1 duo1 yun2, bang4 wan3 you3 xiao3 yu3, qi4 wen1 shi2 wu3 dao4 er4 shi2 du4.',
  ],
} as const;

/**
 * Words the tuning half never has, for the unseen part's new situations (`buildCorpus`'s second unseen set):
 * other people's openers, other voicemail greetings and short greetings, other carrier wordings.
 */
export const UNSEEN_TEXTS = {
  openers: {
    en: ['Yep, hello?', 'Hello, Peter here.', 'Morning!', 'Who is this, please?', 'Hi there, yes?', 'Hello, hello?', 'Speak up, please?'],
    zh: ['wei2, nin2 hao3?', 'wei2, shei2 a?', 'ni3 hao3, qing3 jiang3.', 'wei2, ni3 zhao3 shei2?', 'a, wei2?'],
  },
  longOpeners: {
    en: ["Hello, you're through to Tom, what can I do for you?", 'Yes, good morning, this is the front desk, how may I help?'],
    zh: [
      'wei2, nin2 hao3, wo3 shi4 xiao3 zhang1, qing3 wen4 nin2 zhao3 na3 wei4?',
      'wei2, ni3 hao3, wo3 zai4 kai1 che1, you3 shen2 me shi4 qing2?',
    ],
  },
  greetings: {
    en: [
      "Hello, you've reached the Millers. We can't take your call right now, so please leave a message after the tone.",
      'This is Robert Green. I am out of the office until Monday. Please leave your name and number.',
      'Sorry, nobody can come to the phone. Leave a message and we will call you back.',
    ],
    zh: [
      'nin2 hao3, wo3 shi4 zhao4 lei2, xian4 zai4 wu2 fa3 jie1 ting1 nin2 de dian4 hua4, qing3 zai4 di1 sheng1 hou4 liu2 yan2.',
      'nin2 hao3, huan1 ying2 zhi4 dian4, gong1 si1 yi3 jing1 xia4 ban1, qing3 liu2 xia4 nin2 de dian4 hua4 hao4 ma3.',
    ],
  },
  shortGreetings: {
    en: ['Leave a message, thanks.', 'Not here. Leave a message.'],
    zh: ['wo3 bu2 zai4, qing3 liu2 yan2.', 'qing3 liu2 yan2, xie4 xie4.'],
  },
  announcements: {
    en: [
      'Your call cannot be completed as dialed. The number is no longer in service.',
      'The subscriber cannot be reached. Please try again later.',
    ],
    zh: ['nin2 bo1 da3 de hao4 ma3 bu2 cun2 zai4, qing3 cha2 dui4 hou4 zai4 bo1.', 'nin2 bo1 da3 de yong4 hu4 yi3 ting2 ji1.'],
  },
} as const;
