/** Tags. */
export const tagsMessages = {
  'tags.title': ['Tags', '标签管理'],
  'tags.search.keyword': ['Name, alias or description', '名称、别名或描述'],
  'tags.new': ['New tag', '新建标签'],
  'tags.empty': ['No tags match', '没有符合条件的标签'],
  'tags.col.description': ['Description', '描述'],
  'tags.col.uuid': ['UUID', 'UUID'],
  'tags.col.created': ['Creator', '创建人'],
  'tags.col.updated': ['Updater', '更新人'],
  'tags.delete.confirm': ['Delete the tag {{name}}?', '确定删除标签 {{name}}？'],
  'tags.deleted': ['{{name}} deleted', '已删除 {{name}}'],

  'tags.form.createTitle': ['New tag', '新建标签'],
  'tags.form.editTitle': ['Edit {{name}}', '编辑 {{name}}'],
  'tags.form.aliasPlaceholder': ['Up to 30 lowercase letters and _, e.g. high_intent', '不超过 30 位小写字母和下划线，例如 high_intent'],
  'tags.form.aliasHelp': ['Scenarios name the tag by its alias.', '场景通过别名引用标签。'],
  'tags.form.description': ['Description', '描述'],
  'tags.saved': ['{{name}} saved', '已保存 {{name}}'],
} as const satisfies Record<string, readonly [string, string]>;
