import type { ProcessorType } from '@dialwise/contracts';

/** One colour per processor type, wherever a processor shows as a tag. */
export const TYPE_COLORS: Record<ProcessorType, string> = { stream: 'arcoblue', referee: 'orangered', analysis: 'purple', filler: 'cyan' };
