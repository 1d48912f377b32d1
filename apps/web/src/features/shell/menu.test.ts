import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu.ts';

const names = (nodes: ReturnType<typeof buildMenu>): string[] => nodes.flatMap((node) => [node.name, ...names(node.children ?? [])]);

describe('side menu', () => {
  it('leaves out a page whose feature the company lacks; provider staff, who act for every company, keep it', () => {
    expect(names(buildMenu('ADMIN', null, ['csvExport']))).not.toContain('dncList');
    expect(names(buildMenu('ADMIN', null, ['csvExport', 'doNotCall']))).toContain('dncList');
    expect(names(buildMenu('DEV', null, []))).toContain('dncList');
    // The rest of the group stays.
    expect(names(buildMenu('ADMIN', null, []))).toContain('accountManage');
  });
});
