/** Every area's strings in English (`features/<area>/locale/en-US.json`): one chunk, fetched after sign-in (../index.ts). */
const files = import.meta.glob<Record<string, string>>('../../features/**/locale/en-US.json', { eager: true, import: 'default' });
const dictionary: Record<string, string> = Object.assign({}, ...Object.values(files));
export default dictionary;
