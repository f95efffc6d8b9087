import { endpointTypes, modelsForGroup } from './catalog.js';
import type { ReqCtx } from './context.js';
import { json, type Reply } from './reply.js';

/** `GET /v1/models`, scoped to the token's group; new-api adds `supported_endpoint_types`. */
export function handleModels(ctx: ReqCtx): Reply {
  const newApi = ctx.state.flavor === 'new-api';
  const data = modelsForGroup(ctx.group, ctx.state.catalogue).map((m) =>
    newApi ? { id: m.id, object: 'model', created: 1_700_000_000, owned_by: m.ownedBy, supported_endpoint_types: endpointTypes(m.kind) } : { id: m.id, object: 'model', created: 1_700_000_000, owned_by: m.ownedBy },
  );
  return json(200, newApi ? { object: 'list', data, success: true } : { object: 'list', data });
}
