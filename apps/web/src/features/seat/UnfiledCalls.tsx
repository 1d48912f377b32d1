import { Badge, Button, Card, List, Typography } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { callRecordKeys, callRecordOptions } from '../call-records/api.ts';
import { formatDuration } from '../call-records/format.ts';
import { listUnfiledCalls, seatKeys } from './api.ts';
import { CustomerNumber } from './CustomerNumber.tsx';

// The drawer (the record, its player, its filing form) is fetched when a call is first opened: the seat page is the
// agent's first page after signing in, and most visits open no drawer.
const CallRecordDrawer = lazy(async () => ({ default: (await import('../call-records/CallRecordDrawer.tsx')).CallRecordDrawer }));

/**
 * The calls this agent took and has not filed, from the server (so neither the next call, "Next call" nor a
 * closed page loses one): each opens the call-record drawer, where it is filed. The call the panel on the
 * right is showing (`shown`: in progress, or ended and being filed there) is left out. Hidden when there is
 * nothing to file. `refresh` changes whenever a call starts or ends on this page.
 */
export function UnfiledCalls({ shown, refresh }: { shown: string | null; refresh: string }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  // Kept mounted once opened, so closing it slides it out as before.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (openId !== null && !drawerWanted) setDrawerWanted(true);
  const unfiled = useQuery({ queryKey: seatKeys.unfiled, queryFn: listUnfiledCalls });
  const options = useQuery({ queryKey: callRecordKeys.options(undefined), queryFn: () => callRecordOptions(undefined) });
  const tagNames = useMemo(() => new Map((options.data?.tags ?? []).map((tag) => [tag.alias, tag.name])), [options.data]);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: seatKeys.unfiled });
  }, [refresh, queryClient]);

  const calls = (unfiled.data?.list ?? []).filter((call) => call.id !== shown);
  const more = Math.max(0, (unfiled.data?.total ?? 0) - (unfiled.data?.list.length ?? 0));

  return (
    <>
      {calls.length > 0 && (
        <Card
          className="seat-card seat-to-file"
          data-testid="seat-to-file"
          title={
            <span>
              {t('seat.toFile.title')} <Badge count={calls.length + more} className="seat-to-file-count" />
            </span>
          }
        >
          <Typography.Paragraph type="secondary">{t('seat.toFile.hint')}</Typography.Paragraph>
          <List
            size="small"
            dataSource={calls}
            render={(call) => (
              <List.Item
                key={call.id}
                data-testid={`seat-to-file-${call.id}`}
                actions={[
                  <Button
                    key="file"
                    type="primary"
                    size="mini"
                    onClick={() => setOpenId(call.id)}
                    data-testid={`seat-to-file-open-${call.id}`}
                  >
                    {t('seat.toFile.file')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={<CustomerNumber number={call.phone} test={call.test} testId={`seat-to-file-number-${call.id}`} as="text" />}
                  description={`${call.projectName} · ${time.format(call.placedAt)} · ${formatDuration(call.durationMs)}`}
                />
              </List.Item>
            )}
          />
          {more > 0 && <Typography.Text type="secondary">{t('seat.toFile.more', { count: more })}</Typography.Text>}
        </Card>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <CallRecordDrawer
            callId={openId}
            canReveal={options.data?.canReveal ?? false}
            tagNames={tagNames}
            onClose={() => setOpenId(null)}
          />
        </Suspense>
      )}
    </>
  );
}
