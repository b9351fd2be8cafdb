import React from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

export default function Home() {
  return (
    <Layout title="Home" description="A near-empty stock Docusaurus page">
      <main className="container margin-vert--lg">
        <Heading as="h1">Stock Docusaurus</Heading>
        <p>A near-empty page built with the classic preset, used as the benchmark reference.</p>
      </main>
    </Layout>
  );
}
