import { checkRetryParams } from './check-retry-params';

/**
 * The HTTP face of `checkRetryParams`: a 400 JSON-RPC error for a POST whose `inputResponses` is not
 * an object, or `undefined` to serve the request. Only bodies that mention the field are parsed.
 */
export async function refuseMalformedRetry(request: Request): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined;
  const text = await request.clone().text();
  if (!text.includes('"inputResponses"')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined; // the SDK answers the parse error itself
  }
  const refusal = checkRetryParams(body);
  return refusal ? Response.json(refusal, { status: 400 }) : undefined;
}
