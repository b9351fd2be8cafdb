import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import { SITE } from '@site/src/data/site';
import Hero from './_landing/Hero';
import { Features, Guides, Services, WhyUs } from './_landing/Cards';
import Pricing from './_landing/Pricing';
import Stats from './_landing/Stats';
import Contact from './_landing/Contact';

/** The landing page, in the spec's order: hero, why-us, features, guides, services, pricing (with its checkout), statistics, contact (footer by the theme). */
export default function Home(): ReactNode {
  return (
    <Layout title="Banking and accounting-integration APIs" description={SITE.tagline}>
      <main>
        <Hero />
        <WhyUs />
        <Features />
        <Guides />
        <Services />
        <Pricing />
        <Stats />
        <Contact />
      </main>
    </Layout>
  );
}
