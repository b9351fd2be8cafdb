import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return (
    <Layout title="Privacy Policy" description="How we collect, use and protect your data.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Privacy Policy</Heading>
      </main>
    </Layout>
  );
}
