import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import Card from './Card';

/**
 * Shown instead of the admin tabs when the API answers 401: the visitor came here by client-side
 * navigation, so the browser never asked for the admin password. Loading the page itself makes
 * the server ask (HTTP Basic), which is the only way to sign in.
 */
export default function SignInRequired(): ReactNode {
  return (
    <Card aria-labelledby="wl-sign-in">
      <Heading as="h2" id="wl-sign-in">
        Sign in required
      </Heading>
      <p>The white-label admin is for your organization&apos;s administrators. Sign in with the admin user name and password to brand, deploy and manage your platform.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Sign in
      </button>
    </Card>
  );
}
