// A Mantine Anchor that navigates with the router (typed `to`, preloading on intent).
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const RouterAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
RouterAnchor.displayName = 'RouterAnchor';

export const AnchorLink = createLink(RouterAnchor);
