/**
 * The words every area uses alike (column heads, buttons, field labels), [en-US, zh-CN], said once: a page
 * asks for `common.save`, never for its own copy of "Save". A string joins here when it means the same on
 * every page; one that only looks the same (a tab named like a column) stays with its area.
 */
export const commonMessages = {
  'common.cancel': ['Cancel', '取消'],
  'common.ok': ['OK', '确定'],
  'common.back': ['Back', '返回'],
  'common.backHome': ['Back to the start page', '返回首页'],
  'common.reload': ['Reload', '刷新'],
  'common.actions': ['Actions', '操作'],
  'common.save': ['Save', '保存'],
  'common.edit': ['Edit', '编辑'],
  'common.delete': ['Delete', '删除'],
  'common.status': ['Status', '状态'],
  'common.search': ['Search', '查询'],
  'common.reset': ['Reset', '重置'],
  'common.total': ['Total: {{count, number}}', '共 {{count, number}} 条'],
  'common.all': ['All', '全部'],
  'common.created': ['Created', '创建时间'],
  'common.updated': ['Updated', '更新'],
  'common.name': ['Name', '名称'],
  'common.alias': ['Alias', '别名'],
  'common.username': ['User name', '用户名'],
  'common.password': ['Password', '密码'],
  'common.email': ['E-mail', '邮箱'],
  'common.phoneNumber': ['Phone number', '电话号码'],
  'common.timeZone': ['Time zone', '时区'],
} as const satisfies Record<string, readonly [string, string]>;
