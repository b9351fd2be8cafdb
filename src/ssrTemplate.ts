/**
 * Docusaurus's page template (core/lib/ssg/ssgTemplate.html.js) with one change: the bundles are
 * preloaded in <head> but run only after the first frame is painted.
 *
 * Why: with `<script defer>` a fast connection delivers the main bundle before the browser has
 * painted anything, so Chrome evaluates it (and starts hydrating) first and shows the server
 * HTML only afterwards: on a mid-range phone the page stayed blank for the bundle's ~350 ms of
 * evaluation, and Lighthouse counted the bundle's download into the page's largest paint. The
 * server HTML is complete and usable (links, anchors) without JavaScript, so it can show first.
 *
 * The boot script waits for the browser's first-contentful-paint entry (its time is when the
 * frame reached the screen, which can be well after the main thread painted it), keeps the
 * bundles' order (async=false), starts at once in a tab loaded in the background (nothing is
 * painted there until it is shown), falls back to two animation frames where paint timing is
 * not supported, and never waits more than 3 s. Its text is the same on every page of a build;
 * the server allows it by hash like the theme's inline scripts.
 */
export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>
      (function (scripts) {
        var started = false;
        function boot() {
          if (started) return;
          started = true;
          scripts.forEach(function (src) {
            var script = document.createElement("script");
            script.src = src;
            script.async = false;
            document.head.appendChild(script);
          });
        }
        if (document.visibilityState === "hidden") return boot();
        var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
        if (!types || types.indexOf("paint") < 0) {
          return requestAnimationFrame(function () { requestAnimationFrame(boot); });
        }
        new PerformanceObserver(function (list, observer) {
          if (list.getEntriesByName("first-contentful-paint").length === 0) return;
          observer.disconnect();
          setTimeout(boot, 0);
        }).observe({ type: "paint", buffered: true });
        setTimeout(boot, 3000);
      })(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>);
    </script>
  </body>
</html>
`;
