import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return (
    <Layout title="White Label Admin" description="Brand the platform as your own.">
      <main className="container margin-vert--lg">
        <Heading as="h1">White Label Admin</Heading>
      </main>
    </Layout>
  );
}
