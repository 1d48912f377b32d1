import { Typography } from '@arco-design/web-react';
import { useCompanyTime } from '../../../locale/company-time.tsx';

/** A list cell: who did it, and when (company time), on two lines. */
export function WhoWhen({ who, at }: { who: string | null; at: string }) {
  const time = useCompanyTime();
  return (
    <div className="op-who-when">
      <span>{who ?? '—'}</span>
      <Typography.Text type="secondary" className="op-who-when-at">
        {time.format(at)}
      </Typography.Text>
    </div>
  );
}
