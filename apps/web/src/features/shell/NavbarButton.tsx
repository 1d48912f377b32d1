import { Button, type ButtonProps } from '@arco-design/web-react';
import { forwardRef } from 'react';

/**
 * A round icon button of the navbar's right-hand row; `label` is its accessible name (and what its tooltip
 * says). The ref and the trigger's handlers reach the button, so it can sit in a Tooltip, Dropdown or Popover.
 */
export const NavbarButton = forwardRef<HTMLButtonElement, Omit<ButtonProps, 'shape' | 'type'> & { label: string }>(function NavbarButton(
  { label, ...button },
  ref,
) {
  return <Button ref={ref} shape="circle" type="secondary" aria-label={label} {...button} />;
});
