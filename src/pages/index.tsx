import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import { SITE } from '@site/src/data/site';

export default function Home(): ReactNode {
  return (
    <Layout title="Banking and accounting-integration APIs" description={SITE.tagline}>
      <main>
        <section id="services" className="container margin-vert--lg">
          <Heading as="h1">{SITE.tagline}</Heading>
        </section>
        <section id="features" className="container" />
        <section id="pricing" className="container" />
        <section id="contact" className="container" />
      </main>
    </Layout>
  );
}
