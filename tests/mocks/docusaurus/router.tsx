/** Stand-in for @docusaurus/router: tests read `history.pushed` to see where a page navigated. */
const pushed: string[] = [];
const history = { pushed, push: (to: string) => void pushed.push(to), replace: (to: string) => void pushed.push(to) };

export function useHistory() {
  return history;
}

export function useLocation() {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}
