/**
 * Inline reference to an endpoint. Apart from EndpointCard so that pages that only link to
 * endpoints, like /documentation, do not load the cards, their code tabs and Try it.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { endpointById, type EndpointId } from '@site/src/data/apiReference';

/** A link to the endpoint's entry in the API reference: <EndpointRef id="getCurrentUser" />. */
export function EndpointRef({ id }: { id: EndpointId }): ReactNode {
  const endpoint = endpointById(id);
  return (
    <Link to={`/api-docs#${endpoint.id}`}>
      <code>
        {endpoint.method} {endpoint.path}
      </code>
    </Link>
  );
}
