import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return (
    <Layout title="Terms of Service" description="The terms that govern your use of our services.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Terms of Service</Heading>
      </main>
    </Layout>
  );
}
