// A Mantine button that is a real link, so the router navigates and preloads on intent.
import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const AnchorButton = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
AnchorButton.displayName = 'AnchorButton';

export const ButtonLink = createLink(AnchorButton);
