import type { AdmissionStep } from './admission-step';
import { authStep } from './steps/auth.step';
import { bodyBudgetStep } from './steps/body-budget.step';
import { byteScanStep } from './steps/byte-scan.step';
import { changeStreamsStep } from './steps/change-streams.step';
import { dispatchStep } from './steps/dispatch.step';
import { hostStep } from './steps/host.step';
import { metadataDocumentStep } from './steps/metadata-document.step';
import { paramHeadersStep } from './steps/param-headers.step';
import { parseStep } from './steps/parse.step';
import { scopesStep } from './steps/scopes.step';
import { screeningStep } from './steps/screening.step';
import { sessionsStep } from './steps/sessions.step';
import { taskStreamsStep } from './steps/task-streams.step';

/**
 * THE order in which every HTTP request is admitted, first to last, on every face: the cheap refusals that need
 * only the headers first (no token is checked for a foreign host, no byte of a body read for a caller without
 * one), then the body's size and shape before its parse, then the checks on the parsed message, then the
 * serving. A face adds steps in front (`describeAdmission` lists a face's whole order), never in between.
 */
export const ADMISSION_STEPS: readonly AdmissionStep[] = [
  hostStep,
  metadataDocumentStep,
  authStep,
  bodyBudgetStep,
  byteScanStep,
  parseStep,
  scopesStep,
  screeningStep,
  paramHeadersStep,
  sessionsStep,
  taskStreamsStep,
  changeStreamsStep,
  dispatchStep,
];
