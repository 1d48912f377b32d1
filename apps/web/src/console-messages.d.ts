/** The console's strings in one language (build/locale-split.ts). */
declare module 'virtual:console-messages/*' {
  const dictionary: Record<string, string>;
  export default dictionary;
}
