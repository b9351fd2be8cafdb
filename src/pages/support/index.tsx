import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return (
    <Layout title="Support" description="Talk to our support team or open a ticket.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Support</Heading>
      </main>
    </Layout>
  );
}
