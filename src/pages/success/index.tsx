import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return (
    <Layout title="Payment Successful" description="Your subscription is confirmed.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Payment Successful</Heading>
      </main>
    </Layout>
  );
}
