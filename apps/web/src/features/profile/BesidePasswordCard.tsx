import { Grid } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';

/** The two columns of the pages about me: the page's own cards on the left, the change-password card on the right. */
export function BesidePasswordCard({ children }: { children: ReactNode }) {
  return (
    <Grid.Row gutter={16}>
      <Grid.Col xs={24} lg={14}>
        {children}
      </Grid.Col>
      <Grid.Col xs={24} lg={10}>
        <ChangePasswordCard />
      </Grid.Col>
    </Grid.Row>
  );
}
