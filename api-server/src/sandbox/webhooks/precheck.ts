import { SandboxError } from '../errors';
import { checkTarget, UrlRefused, type TargetRules } from './addresses';

/**
 * A webhook's url is checked against the delivery rules when it is registered, before the
 * call's transaction begins (resolving a name may take a while, and no write should wait on
 * it). A name that does not resolve is accepted: it may later, and the magic .invalid domain
 * stands for an endpoint that always fails. Every attempt checks again (worker.ts).
 */
export async function checkWebhookUrl(url: string, rules: TargetRules): Promise<void> {
  try {
    await checkTarget(url, rules);
  } catch (err) {
    if (!(err instanceof UrlRefused)) throw err;
    if (err.unresolved) return;
    const message = `Invalid url: ${err.message}.`;
    const code = message.includes('HTTPS only') || message.includes('absolute URL') ? 'parameter_invalid_format' : 'url_not_allowed';
    throw new SandboxError('invalid_request_error', code, message, 'url');
  }
}

/** Checks of one operation's parameters that must run outside its transaction, by endpoint id. */
export const PRECHECKS: Record<string, (params: Record<string, unknown>, rules: TargetRules) => Promise<void>> = {
  createWebhook: (params, rules) => checkWebhookUrl(params.url as string, rules),
};
