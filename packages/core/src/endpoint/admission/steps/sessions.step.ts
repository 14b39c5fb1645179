import { isLegacyRequest } from '@modelcontextprotocol/server';
import type { Admission, AdmissionStep, NextStep } from '../admission-step';

/** A 2025-era request of a session (`legacySessions`), served by the sessions; every other one goes on. */
export const sessionsStep: AdmissionStep = {
  name: 'sessions',
  isIdle: (endpoint) => endpoint.sessions === undefined,
  run: (admission, next) => servedBySessions(admission, next),
};

async function servedBySessions(admission: Admission, next: NextStep): Promise<Response> {
  const { request, authInfo, parsed, body } = admission;
  const sessions = admission.endpoint.sessions!;
  if (!parsed) return (await isLegacyRequest(request)) ? sessions.fetch(request, { authInfo }) : next(admission);
  if (await isLegacyRequest(request, body)) return sessions.fetch(request, { authInfo, parsedBody: body });
  return next(admission);
}
