// Component tests render on the client, as after hydration or on client-side navigation.
export default function useIsBrowser(): boolean {
  return true;
}
