/** Discord's per-message limits the surface keeps within. */
export const LIMITS = {
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  embedTotal: 6000,
  filesPerMessage: 10,
  buttonsPerRow: 5,
  rows: 5,
  buttonLabel: 80,
  menuOptions: 25,
  menuPlaceholder: 150,
  menuValue: 100,
  autocompleteChoices: 25,
  choiceName: 100,
  modalTitle: 45,
  inputLabel: 45,
} as const;

export { clip } from '../../core/text-cut.js';

/**
 * An error as safe log fields: name, message, Discord code and status, never the request URL (interaction webhook
 * URLs carry the interaction token) nor the request body.
 */
export function errorFields(e: unknown): { name: string; message: string; code?: string | number; status?: number } {
  if (!(e instanceof Error)) return { name: 'NonError', message: String(e) };
  const x = e as Error & { code?: unknown; status?: unknown };
  return {
    name: e.name,
    message: e.message.replace(/\/webhooks\/\d+\/[^/\s]+/g, '/webhooks/[id]/[token]').replace(/\/interactions\/\d+\/[^/\s]+/g, '/interactions/[id]/[token]'),
    ...(typeof x.code === 'string' || typeof x.code === 'number' ? { code: x.code } : {}),
    ...(typeof x.status === 'number' ? { status: x.status } : {}),
  };
}
