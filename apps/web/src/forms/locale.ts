/** The form kit's own words (the conflict notice of edit forms). */
export const formMessages = {
  'form.stale.title': ['Someone else changed this', '他人已修改此内容'],
  'form.stale.body': [
    'It was saved by someone else after you opened this form, so your changes were not saved. Reload to see the current version, then make your changes again.',
    '在您打开此表单后，其他人保存了修改，因此您的修改未保存。请重新加载查看最新内容后再修改。',
  ],
  'form.stale.reload': ['Reload', '重新加载'],
} as const;
