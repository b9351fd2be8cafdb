import { HtmlClassNameProvider, PageMetadata, ThemeClassNames } from '@docusaurus/theme-common';
import type { Props } from '@theme/BlogListPage';
import BlogListPageStructuredData from '@theme/BlogListPage/StructuredData';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import SearchMetadata from '@theme/SearchMetadata';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import BlogCategories from '@site/src/components/BlogCategories';
import BlogPostCard from '@site/src/components/BlogPostCard';
import NewsletterSignup from '@site/src/components/NewsletterSignup';
import { BlogFooterLinks, BlogHeader, BlogHero, FollowCard } from './_components';
import { splitFeatured, toBlogCard } from './_utils';
import styles from './styles.module.css';

/**
 * /blog, laid out as the spec describes instead of the theme's post feed: header, hero,
 * Featured Articles, Latest Articles, newsletter, Explore by Category, footer links.
 * Post pages, tag pages and feeds stay the blog plugin's own.
 */
export default function BlogListPage(props: Props): ReactNode {
  const { metadata, items } = props;
  const { featured, latest } = splitFeatured(items.map(toBlogCard));
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}>
      <PageMetadata title={metadata.blogTitle} description={metadata.blogDescription} />
      <SearchMetadata tag="blog_posts_list" />
      <BlogListPageStructuredData {...props} />
      <Layout>
        <main className={styles.page}>
          <BlogHeader />
          <BlogHero title={metadata.blogTitle} description={metadata.blogDescription} />
          <div className="container">
            <section className={styles.section} aria-labelledby="featured-articles">
              <Heading as="h2" id="featured-articles" className={styles.sectionTitle}>
                Featured Articles
              </Heading>
              <div className={clsx(styles.grid, styles.featuredGrid)} data-testid="featured-grid">
                {featured.map((post) => (
                  <BlogPostCard key={post.id} post={post} variant="featured" />
                ))}
                {/* Fills the third column while there are fewer featured posts than columns. */}
                {featured.length % 3 !== 0 && <FollowCard />}
              </div>
            </section>
            <section className={styles.section} aria-labelledby="latest-articles">
              <Heading as="h2" id="latest-articles" className={styles.sectionTitle}>
                Latest Articles
              </Heading>
              <div className={clsx(styles.grid, styles.latestGrid)} data-testid="latest-grid">
                {latest.map((post) => (
                  <BlogPostCard key={post.id} post={post} />
                ))}
              </div>
            </section>
            <div className={styles.section}>
              <NewsletterSignup />
            </div>
            <section className={styles.section} aria-labelledby="explore-by-category">
              <Heading as="h2" id="explore-by-category" className={styles.sectionTitle}>
                Explore by Category
              </Heading>
              <BlogCategories />
            </section>
          </div>
          <BlogFooterLinks />
        </main>
      </Layout>
    </HtmlClassNameProvider>
  );
}

