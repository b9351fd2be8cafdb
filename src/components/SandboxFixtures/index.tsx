/** The Testing page's table of magic values, rendered from src/data/apiReference/fixtures.ts. */
import type { ReactNode } from 'react';
import { Table } from '@site/src/components/ApiTables';
import { EndpointRef } from '@site/src/components/EndpointRef';
import { SANDBOX_FIXTURES, type SandboxFixture } from '@site/src/data/apiReference';

function Answer({ answer }: { answer: SandboxFixture['answer'] }): ReactNode {
  if ('deliveryStatus' in answer) {
    return (
      <>
        <code>{answer.status}</code>, a delivery that ends <code>status: {answer.deliveryStatus}</code>
      </>
    );
  }
  return (
    <>
      <code>{answer.status}</code> <code>{answer.type}</code> / <code>{answer.code}</code>
    </>
  );
}

export function SandboxFixturesTable(): ReactNode {
  return (
    <Table head={['Scenario', 'Send', 'Answer']} label="Sandbox magic values">
      {SANDBOX_FIXTURES.map((f) => (
        <tr key={f.name} id={`fixture-${f.name.replace(/_/g, '-')}`}>
          <td>
            <strong>{f.title}</strong>
            <br />
            {f.description}
          </td>
          <td>
            <code>{f.trigger}</code>
            <br />
            {f.endpoints === '*' ? 'on any call' : <>on {f.endpoints.map((id, i) => <span key={id}>{i > 0 && ', '}<EndpointRef id={id} /></span>)}</>}
          </td>
          <td>
            <Answer answer={f.answer} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
