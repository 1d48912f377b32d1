import type { Locale } from '@dialwise/contracts';
import { commonMessages } from './common.ts';
import { formMessages } from '../forms/locale.ts';

/**
 * Every string the console shows, en-US and zh-CN side by side (a missing one is a type error and a
 * failing unit test). Server messages arrive already translated (the request layer sends the locale).
 */
const SHELL_MESSAGES = {
  // Route titles (menu, breadcrumb, tabs): one per `meta.locale` of the contracts route table.
  'menu.dashboard': ['Dashboard', '仪表盘'],
  'menu.workplace': ['Workplace', '工作台'],
  'menu.monitor': ['Monitor', '实时监控'],
  'menu.project': ['Projects', '项目'],
  'menu.projectListAdmin': ['Project list', '项目列表'],
  'menu.taskList': ['Tasks', '任务列表'],
  'menu.newTask': ['New task', '新建任务'],
  'menu.editTask': ['Edit task', '编辑任务'],
  'menu.board': ['Boards', '看板'],
  'menu.projectBoard': ['Project board', '项目看板'],
  'menu.callRecordBoard': ['Call records', '通话记录'],
  'menu.operation': ['Operation', '运营管理'],
  'menu.companyList': ['Companies', '公司管理'],
  'menu.voiceList': ['Voices', '音色管理'],
  'menu.processor': ['Processors', '处理器'],
  'menu.scenario': ['Scenarios', '场景管理'],
  'menu.scenarioAdd': ['New scenario', '新建场景'],
  'menu.scenarioEdit': ['Edit scenario', '编辑场景'],
  'menu.tags': ['Tags', '标签管理'],
  'menu.llm': ['LLMs', '大模型管理'],
  'menu.operator': ['Seat', '坐席'],
  'menu.operatorIndex': ['Seat workspace', '坐席工作台'],
  'menu.projectOp': ['My projects', '我的项目'],
  'menu.projectOpIndex': ['Projects', '项目列表'],
  'menu.callRecordBoardOp': ['Call records', '通话记录'],
  'menu.callDisplay': ['Call display', '通话展示'],
  'menu.system': ['User center', '用户中心'],
  'menu.accountManage': ['Accounts', '账号管理'],
  'menu.sipManage': ['SIP lines', 'SIP 线路'],
  'menu.selfInfo': ['My profile', '个人信息'],
  'menu.dncList': ['Do-not-call list', '免打扰名单'],
  'menu.accessRequests': ['Access requests', '访问申请'],
  'menu.apiKeys': ['API keys', 'API 密钥'],
  'menu.visualization': ['Data visualization', '数据可视化'],
  'menu.dataAnalysis': ['Data analysis', '分析页'],
  'menu.multiDimensionDataAnalysis': ['Multi-dimension analysis', '多维数据分析'],
  'menu.list': ['List', '列表页'],
  'menu.searchTable': ['Search table', '查询表格'],
  'menu.card': ['Card list', '卡片列表'],
  'menu.form': ['Form', '表单页'],
  'menu.step': ['Step form', '分步表单'],
  'menu.group': ['Group form', '分组表单'],
  'menu.profile': ['Profile', '详情页'],
  'menu.basic': ['Basic profile', '基础详情页'],
  'menu.result': ['Result', '结果页'],
  'menu.success': ['Success', '成功页'],
  'menu.error': ['Error', '失败页'],
  'menu.exception': ['Exception', '异常页'],
  'menu.exception403': ['403', '403'],
  'menu.exception404': ['404', '404'],
  'menu.exception500': ['500', '500'],
  'menu.faq': ['FAQ', '常见问题'],
  'menu.userCenter': ['User center', '个人中心'],
  'menu.faqIndex': ['FAQ', '常见问题'],
  'menu.root': ['Home', '首页'],
  'menu.login': ['Sign in', '登录'],
  'menu.redirect': ['Redirecting', '跳转中'],
  'menu.notFound': ['Not found', '页面不存在'],

  'app.name': ['Dialwise', 'Dialwise'],
  'app.tagline': ['Outbound AI calling, run by people who care about every call', '外呼智能语音平台，让每一通电话都有价值'],
  'footer.text': ['Dialwise · outbound AI voice calling', 'Dialwise · 智能语音外呼平台'],

  // Login
  'login.title': ['Sign in to Dialwise', '登录 Dialwise'],
  'login.subtitle': ['Outbound AI calling console', '智能外呼控制台'],
  'login.tab.username': ['User name', '账号登录'],
  'login.tab.phone': ['Phone number', '手机号登录'],
  'login.phone': ['Phone number', '手机号'],
  'login.role': ['Sign in as', '登录身份'],
  'login.role.admin': ['Admin', '管理员'],
  'login.role.agent': ['Agent', '坐席'],
  'login.remember': ['Remember me', '记住我'],
  'login.rememberHint': [
    'Keeps your user name on this browser and keeps you signed in for 30 days. Your password is never stored.',
    '在此浏览器记住用户名并保持登录 30 天，密码不会被保存。',
  ],
  'login.showPassword': ['Show password', '显示密码'],
  'login.hidePassword': ['Hide password', '隐藏密码'],
  'login.forgot': ['Forgot password?', '忘记密码？'],
  'login.register': ['Request an account', '申请账号'],
  'login.submit': ['Sign in', '登录'],
  'login.error': ['Login error, please refresh and try again', '登录出错，请刷新后重试'],
  'login.elsewhere.title': ['Signed in elsewhere', '账号已在别处登录'],
  'login.elsewhere.content': [
    'This account has been signed in elsewhere since {{since}} ({{agent}}). Sign in here and sign the other session out?',
    '该账号自 {{since}} 起已在别处登录（{{agent}}）。是否在此登录并使另一处下线？',
  ],
  'login.elsewhere.unknownAgent': ['another browser', '另一个浏览器'],
  'login.elsewhere.confirm': ['Sign in here', '在此登录'],
  'login.welcome': ['Welcome back, {{name}}', '欢迎回来，{{name}}'],

  'forgot.title': ['Forgot your password', '忘记密码'],
  'forgot.intro': [
    "Your company's administrators reset passwords. Send them a request; they will set a new password and tell you.",
    '密码由贵公司的管理员重置。提交申请后，管理员会为您设置新密码并告知您。',
  ],
  'forgot.note': ['Note for the administrator (optional)', '给管理员的备注（可选）'],
  'forgot.submit': ['Send request', '提交申请'],
  'register.title': ['Request an account', '申请账号'],
  'register.intro': [
    'Accounts are set up by our team for each company. Tell us who you are and we will get back to you.',
    '账号由我们的团队为每家公司开通。请留下您的信息，我们会尽快联系您。',
  ],
  'register.companyName': ['Company', '公司名称'],
  'register.contactName': ['Your name', '联系人'],
  'register.message': ['Message (optional)', '留言（可选）'],
  'register.submit': ['Send request', '提交申请'],
  // Every time is the company's (locale/company-time.tsx): pages and drawers say which zone once.
  'time.zoneNote': ['Times in {{zone}} ({{offset}})', '时间按 {{zone}}（{{offset}}）'],
  'time.zoneNoteBare': ['Times in {{zone}}', '时间按 {{zone}}'],
  'time.zoneHint': [
    "Your company's time zone: the dialer's call windows, the boards' days and the CSV export use it too.",
    '公司所在时区：任务的呼叫时段、看板的日期和导出的 CSV 都按此时区。',
  ],
  'time.zoneHintProvider': [
    "The provider company's time zone (its company form sets it): every company's times show in it here. Each customer's call windows and boards use that customer's own zone.",
    '服务商公司的时区（在其公司表单中设置）：这里所有公司的时间都按此时区显示；各客户的呼叫时段和看板按客户自己的时区。',
  ],

  // Navbar and user menu
  'nav.language': ['Language', '语言'],
  'nav.theme.toLight': ['Switch to light theme', '切换为亮色主题'],
  'nav.theme.toDark': ['Switch to dark theme', '切换为暗黑主题'],
  'nav.settings': ['Settings', '页面配置'],
  'nav.logout': ['Sign out', '退出登录'],
  'nav.selfInfo': ['My profile', '个人信息'],
  'nav.switchRole': ['Switch role', '切换角色'],
  'nav.role.ADMIN': ['Administrator', '管理员'],
  'nav.role.DEV': ['Provider staff', '平台运营'],
  'nav.role.OPR': ['Agent', '坐席'],
  'nav.logoutFailed': [
    'Sign out failed (check network); you are signed out on this browser',
    '退出登录请求失败（请检查网络），本浏览器已退出',
  ],

  // Tab bar
  'tabs.reload': ['Reload this page', '重新加载'],
  'tabs.closeOthers': ['Close other tabs', '关闭其他'],
  'tabs.closeAll': ['Close all tabs', '关闭全部'],

  // Settings drawer
  'settings.title': ['Settings', '页面配置'],
  'settings.content': ['Content', '内容区域'],
  'settings.look': ['Look', '页面外观'],
  'settings.other': ['Other', '其他设置'],
  'settings.themeColor': ['Theme colour', '主题色'],
  'settings.navbar': ['Navigation bar', '导航栏'],
  'settings.menu': ['Menu', '菜单栏'],
  'settings.topMenu': ['Menu on top', '顶部菜单栏'],
  'settings.tabBar': ['Tab bar', '多页签'],
  'settings.footer': ['Footer', '底部'],
  'settings.menuWidth': ['Menu width (px)', '菜单宽度 (px)'],
  'settings.colorWeak': ['Colour weak', '色弱模式'],
  'settings.dark': ['Dark theme', '暗黑主题'],
  'settings.language': ['Language', '语言'],
  'settings.menuFromServer': ['Menu from server', '菜单来源于后台'],
  'settings.copy': ['Copy settings', '复制配置'],
  'settings.copied': ['Settings copied; paste them into the app defaults to keep them', '配置已复制，可粘贴到应用默认配置中'],
  'settings.copyFailed': ['Copy failed', '复制失败'],
  'settings.reset': ['Reset to defaults', '恢复默认'],
  'settings.menuLoading': ['Loading the menu from the server…', '正在从后台加载菜单…'],
  'settings.menuLoaded': ['The menu now comes from the server', '菜单已切换为后台菜单'],
  'settings.menuFailed': ['The server menu could not be loaded', '后台菜单加载失败'],

  // Request layer
  'request.error': ['Error', '错误'],
  'request.tokenExpired': ['Token Expired', '登录已过期'],
  'request.requestError': ['Request Error', '请求错误'],
  'request.confirmLogout.title': ['Confirm logout', '确认登出'],
  'request.confirmLogout.content': [
    'You have been logged out. You can cancel to stay on this page, or log in again.',
    '您已被登出，可以取消以停留在此页面，或重新登录。',
  ],
  'request.confirmLogout.relogin': ['Re-Login', '重新登录'],

  // Exception pages
  'exception.403': ['Access to this resource on the server is denied', '对不起，您没有访问该资源的权限'],
  'exception.404': ['Whoops, this page is gone.', '抱歉，页面不见了～'],
  'exception.500': ['Internal server error', '抱歉，服务器出了点问题～'],

  // Placeholder for screens of later releases
  'placeholder.title': ['{{title}} arrives in a later release', '「{{title}}」将在后续版本中提供'],
  'placeholder.body': [
    'This screen is part of the plan but is not built yet. Nothing here is fake: when it ships it will work against the real server.',
    '该页面已在规划中，尚未完成。这里不展示假数据：上线时将直接对接真实服务。',
  ],

  // Workplace
  'workplace.greeting': ['Welcome, {{name}}', '欢迎回来，{{name}}'],
  'workplace.intro': [
    'Set up your lines and projects, upload the numbers to call, and watch your campaigns on the boards.',
    '配置线路与项目，上传外呼号码，并在看板中关注外呼效果。',
  ],
  'workplace.company': ['Company {{id}}', '公司 {{id}}'],
  'workplace.steps': ['Getting started', '快速开始'],
  'workplace.step.sip': ['Add the SIP lines your calls go out on', '添加外呼使用的 SIP 线路'],
  'workplace.step.accounts': ['Create accounts for your administrators and agents', '为管理员和坐席创建账号'],
  'workplace.step.project': ['Create a project and its tasks, then upload the numbers to call', '创建项目与任务，然后上传外呼号码'],
  'workplace.step.board': ['Follow connect, transfer and loss rates on the boards', '在看板中查看接通率、转人工率和流失率'],
  'workplace.open': ['Open', '前往'],
  'workplace.help': ['Questions? Read the FAQ', '有疑问？查看常见问题'],
  // FAQ
  'faq.title': ['Frequently asked questions', '常见问题'],
  'faq.q.roles': ['Which role should I sign in as?', '登录时应选择哪个身份？'],
  'faq.a.roles': [
    'Administrators and provider staff choose "Admin"; agents who take transferred calls choose "Agent". An account can only sign in with the role it was created for.',
    '管理员和平台运营人员选择「管理员」；接听转人工电话的坐席选择「坐席」。账号只能以创建时的身份登录。',
  ],
  'faq.q.elsewhere': ['Why was I signed out?', '为什么我被登出了？'],
  'faq.a.elsewhere': [
    'An account has one live session. Signing in on another browser and choosing to sign in there ends the session here. Sessions also end after 12 hours (30 days with "Remember me") or when an administrator changes your password.',
    '每个账号同一时间只有一个有效会话。在其他浏览器选择强制登录会使这里的会话结束。会话在 12 小时后过期（勾选「记住我」为 30 天），管理员修改您的密码时也会结束。',
  ],
  'faq.q.password': ['I forgot my password. What now?', '忘记密码怎么办？'],
  'faq.a.password': [
    'Use "Forgot password?" on the sign-in page. Your company\'s administrators receive the request and set a new password for you.',
    '在登录页点击「忘记密码？」，贵公司的管理员会收到申请并为您设置新密码。',
  ],
  'faq.q.upload': ['What does a number file look like?', '外呼号码文件是什么格式？'],
  'faq.a.upload': [
    'A CSV file of at most 200 MB with the columns phoneNumber, prologueInfo, businessInfo (key=value&key=value) and remark; about ten extra columns are kept with each number.',
    'CSV 文件，最大 200 MB，包含 phoneNumber、prologueInfo、businessInfo（key=value&key=value）和 remark 列；另可附带约十个额外列。',
  ],
  'faq.q.settings': ['Can I change how the console looks?', '可以调整控制台的外观吗？'],
  'faq.a.settings': [
    'Open Settings from the top bar: theme colour, dark theme, colour weak mode, menu width, tab bar and more. Your choices are kept on this browser.',
    '点击顶部栏的「页面配置」，可以设置主题色、暗黑主题、色弱模式、菜单宽度、多页签等，设置保存在本浏览器中。',
  ],
  'faq.q.api': ['Is there an API?', '是否提供接口？'],
  'faq.a.api': [
    'Yes. Every endpoint the console uses is described at /api/docs (OpenAPI 3).',
    '提供。控制台使用的所有接口都在 /api/docs 中有说明（OpenAPI 3）。',
  ],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * What the console needs before anyone is signed in: the shell (login page, exception pages, the request layer's
 * messages, menu titles), the common words and the forms' own. The areas' strings come with the signed-in console
 * (`loadConsoleMessages` in ./index.ts), so the login page does not carry them (page weight).
 */
export const BOOT_MESSAGES = {
  ...SHELL_MESSAGES,
  ...commonMessages,
  ...formMessages,
} as const satisfies Record<string, readonly [string, string]>;

const INDEX: Record<Locale, 0 | 1> = { 'en-US': 0, 'zh-CN': 1 };

/** The flat dictionary of one language of `messages`, as i18next resources. */
export function dictionaryOf(messages: Record<string, readonly [string, string]>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, pair]) => [key, pair[INDEX[locale]]]));
}
