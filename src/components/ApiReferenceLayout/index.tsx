import type { CSSProperties, ReactNode } from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import FullPageLink from '@site/src/components/FullPageLink';
import DocRootLayout from '@theme/DocRoot/Layout';
import HomeBreadcrumbItem from '@theme/DocBreadcrumbs/Items/Home';
import { HtmlClassNameProvider, ThemeClassNames } from '@docusaurus/theme-common';
import { DocsSidebarProvider } from '@docusaurus/plugin-content-docs/client';
import type { PropSidebar } from '@docusaurus/plugin-content-docs';
import styles from './styles.module.css';

interface Props {
  title: string;
  description: string;
  /** Sidebar shown beside the page, as the docs plugin hands it to its own pages. */
  sidebar: PropSidebar;
  /** Last breadcrumb, after Home › API Reference. */
  breadcrumb: string;
  /** Attributes of the article, for page-level styling hooks. */
  articleProps?: { 'data-plan'?: string; style?: CSSProperties };
  children: ReactNode;
}

/**
 * Page chrome of the API reference for routes the docs plugin does not own (the per-plan pages added
 * by src/plugins/planRoutes.ts): the theme's own docs layout (the sidebar and main column /api-docs
 * has) given our sidebar through the docs plugin's public provider, with the same wrapper classes,
 * breadcrumbs and markdown column as a doc. The plan pages cannot be docs: their `/api-docs/:planId`
 * fallback would shadow docs routes (leaf routes are matched before the docs plugin's nested ones).
 */
export default function ApiReferenceLayout({ title, description, sidebar, breadcrumb, articleProps, children }: Props): ReactNode {
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.docsPages, ThemeClassNames.page.docsDocPage)}>
      <Layout title={title} description={description}>
        <DocsSidebarProvider name="api" items={sidebar}>
          <DocRootLayout>
            <div className="row">
              <div className="col">
                <article className={styles.article} {...articleProps}>
                  <nav className={clsx(ThemeClassNames.docs.docBreadcrumbs, styles.breadcrumbs)} aria-label="Breadcrumbs">
                    <ul className="breadcrumbs">
                      <HomeBreadcrumbItem />
                      <li className="breadcrumbs__item">
                        <FullPageLink className="breadcrumbs__link" to="/api-docs">
                          API Reference
                        </FullPageLink>
                      </li>
                      <li className="breadcrumbs__item breadcrumbs__item--active">
                        <span className="breadcrumbs__link">{breadcrumb}</span>
                      </li>
                    </ul>
                  </nav>
                  <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>{children}</div>
                </article>
              </div>
            </div>
          </DocRootLayout>
        </DocsSidebarProvider>
      </Layout>
    </HtmlClassNameProvider>
  );
}
