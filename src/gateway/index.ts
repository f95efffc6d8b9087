/** The gateway client: the undici implementation of the `MediaGateway` port. */
export { HttpMediaGateway, type HttpMediaGatewayOptions } from './http-media-gateway.js';
export { GatewayError } from './errors.js';
