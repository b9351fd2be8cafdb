// Stands in for mark.js in the search plugin: see ./index.ts. Same constructor, mark() and
// unmark() as the plugin calls them; the real library loads on the first mark().
let marked = false;
let loading;
const load = () => (loading ??= import('mark.js/dist/mark.js').then((m) => m.default));

export default class LazyMark {
  constructor(root) {
    this.root = root;
  }

  unmark(options) {
    // Nothing was ever marked on this site visit: there is nothing to walk the article for.
    if (!marked) return;
    void load().then((Mark) => new Mark(this.root).unmark(options));
  }

  mark(keywords, options) {
    marked = true;
    void load().then((Mark) => new Mark(this.root).mark(keywords, options));
  }
}
