/** The list-page kit's own words. */
export const listPageMessages = {
  'list.search': ['Search', '查询'],
  'list.reset': ['Reset', '重置'],
  'list.total': ['{{total}} in all', '共 {{total}} 条'],
} as const;
