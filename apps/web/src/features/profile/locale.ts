/** Self-info strings, [en-US, zh-CN]. */
export const profileMessages = {
  'profile.title': ['My profile', '个人信息'],
  'profile.edit': ['Edit profile', '编辑信息'],
  'profile.userID': ['User ID', '用户 ID'],
  'profile.level': ['User level', '用户级别'],
  'profile.company': ['Company ID', '公司 ID'],
  'profile.created': ['Member since', '创建时间'],
  'profile.aliasHint': ['5–10 characters', '5–10 个字符'],
  'profile.saved': ['Your profile is saved', '个人信息已保存'],
  'profile.security': ['Change password', '修改密码'],
  'profile.securityIntro': [
    'Changing your password signs you out everywhere else; you stay signed in here.',
    '修改密码后，其他地方的登录会被退出，本页面保持登录。',
  ],
  'profile.currentPassword': ['Current password', '当前密码'],
  'profile.newPassword': ['New password', '新密码'],
  'profile.newPasswordHint': [
    '6–16 characters with an uppercase and a lowercase letter, a digit and a symbol',
    '6–16 位，须包含大小写字母、数字和符号',
  ],
  'profile.confirmPassword': ['Confirm new password', '确认新密码'],
  'profile.changePassword': ['Change password', '修改密码'],
  'profile.passwordChanged': ['Password changed. Your other sessions were signed out.', '密码已修改，其他会话已退出登录。'],
} as const satisfies Record<string, readonly [string, string]>;
