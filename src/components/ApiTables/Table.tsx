/**
 * The reference table, the request headers table and the webhook header names, apart from
 * ./index.tsx so that a page showing only these (the plan pages' Getting Started, the prose of
 * /api-docs) does not load the whole API reference.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { REQUEST_HEADERS } from '@site/src/data/apiReference/common';
import { WEBHOOK_HEADERS } from '@site/src/data/apiReference/webhookHeaders';
import styles from './styles.module.css';

type CellProps = { children?: ReactNode; 'data-label'?: string };

/** Names each cell after its column, so the phone layout can show "Column: value". */
function labelCells(rows: ReactNode, head: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<CellProps>(row)) return row;
    const cells = Children.toArray(row.props.children).map((cell, i) =>
      isValidElement<CellProps>(cell) ? cloneElement(cell as ReactElement<CellProps>, { 'data-label': head[i] }) : cell,
    );
    return cloneElement(row, {}, ...cells);
  });
}

/** A reference table: scrolls on narrow screens and, on phones, labels each cell with its column. */
export function Table({ head, children, label }: { head: readonly string[]; children: ReactNode; label: string }): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table aria-label={label}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{labelCells(children, head)}</tbody>
      </table>
    </div>
  );
}

export function RequestHeadersTable({ plan }: { plan?: string }): ReactNode {
  return (
    <Table head={['Header', 'Example', 'Description']} label="Request headers">
      {REQUEST_HEADERS.map((h) => (
        <tr key={h.name}>
          <td>
            <code>{h.name}</code>
            {h.required ? <> <span className={styles.required}>required</span></> : null}
          </td>
          <td>
            <code>{h.name === 'X-Plan-Type' && plan ? plan : h.example}</code>
          </td>
          <td>{h.description}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Name of a webhook header, for prose: <WebhookHeader name="signature" />. */
export function WebhookHeader({ name }: { name: keyof typeof WEBHOOK_HEADERS }): ReactNode {
  return <code>{WEBHOOK_HEADERS[name]}</code>;
}
