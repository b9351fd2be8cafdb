/**
 * The first string comparison of a page sets up the browser's collation data (ICU): ~8 ms, ~65 ms
 * on a phone-speed CPU (Lighthouse's 8x slowdown). Docusaurus's own code makes that first
 * comparison during start-up: sorting the docs plugins to find the active one (we have two:
 * /documentation and /api-docs) in the breadcrumbs, or sorting props in the mobile menu, each
 * time inside a task that is already long (hydration, or the render after it). Made here, in a
 * task of its own before hydration, it no longer lengthens those; the work is the same, the
 * page's longest tasks are shorter (CONTRIBUTING.md, "Performance mechanisms and upstream internals"; guarded by
 * tests/unit/upstream/collation.perf.test.ts).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) setTimeout(() => 'a'.localeCompare('b'), 0);
