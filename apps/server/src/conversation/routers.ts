import type { Router, RouterCondition } from '@dialwise/contracts';
import type { History, Party } from './history.ts';

/**
 * The routers of a scenario, tried in order on each turn: the first whose conditions hold acts. `match`
 * all/any combines the conditions; a router without conditions always holds (the natural default).
 * A dynamicLlm condition asks its referee processor a yes/no question over the conversation; the
 * caller supplies how (`askReferee`), so the evaluation itself stays pure and testable.
 */
export type AskReferee = (processorId: string, question: string) => Promise<boolean>;

/**
 * A scenario names a condition's side as the spec does, in the model's words (`user`, `assistant`), and stores
 * them so: they are read here, once, as the transcript's parties.
 */
const PARTY_OF_ROLE: Record<RouterCondition['role'], Party> = { user: 'customer', assistant: 'ai' };

export interface RouterChoice {
  router: Router;
  index: number;
}

export async function chooseRouter(routers: readonly Router[], history: History, askReferee: AskReferee): Promise<RouterChoice | null> {
  for (const [index, router] of routers.entries()) {
    if (await holds(router, history, askReferee)) return { router, index };
  }
  return null;
}

async function holds(router: Router, history: History, askReferee: AskReferee): Promise<boolean> {
  if (router.conditions.length === 0) return true;
  if (router.match === 'all') {
    for (const condition of router.conditions) if (!(await conditionHolds(condition, history, askReferee))) return false;
    return true;
  }
  for (const condition of router.conditions) if (await conditionHolds(condition, history, askReferee)) return true;
  return false;
}

export async function conditionHolds(condition: RouterCondition, history: History, askReferee: AskReferee): Promise<boolean> {
  switch (condition.type) {
    case 'round': {
      const rounds = history.roundsOf(PARTY_OF_ROLE[condition.role]);
      return condition.op === 'gte'
        ? rounds >= condition.value
        : condition.op === 'lte'
          ? rounds <= condition.value
          : rounds === condition.value;
    }
    case 'interrupt':
      return history.interruptsBy(PARTY_OF_ROLE[condition.role]) >= condition.count;
    case 'content': {
      const said = normalize(history.lastOf(PARTY_OF_ROLE[condition.role]));
      const found = condition.keywords.map((keyword) => said.includes(normalize(keyword)));
      return condition.match === 'all' ? found.every(Boolean) : found.some(Boolean);
    }
    case 'dynamicLlm':
      return askReferee(condition.processorId, condition.question);
  }
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
