/** Every area's strings in Chinese (`features/<area>/locale/zh-CN.json`): one chunk, fetched after sign-in (../index.ts). */
const files = import.meta.glob<Record<string, string>>('../../features/**/locale/zh-CN.json', { eager: true, import: 'default' });
const dictionary: Record<string, string> = Object.assign({}, ...Object.values(files));
export default dictionary;
