import { isGatewayFailure, type MediaGateway } from '../core/ports/media-gateway.js';
import type { BotMetrics } from './metrics.js';

/** Endpoint label of each {@link MediaGateway} method. */
const ENDPOINTS = {
  listModels: 'models',
  generateImage: 'images.generations',
  editImage: 'images.edits',
  fetchImage: 'images.fetch',
  createVideo: 'videos.create',
  getVideo: 'videos.get',
  downloadVideo: 'videos.content',
  chat: 'chat.completions',
  messages: 'messages',
  remixVideo: 'videos.remix',
  getPricing: 'pricing',
  getBalance: 'balance',
} as const satisfies Record<keyof MediaGateway, string>;

/**
 * A {@link MediaGateway} decorator that records each call's duration (`mediabot_gateway_request_duration_seconds`)
 * and each failure's normalized kind (`mediabot_gateway_errors_total`; `unknown` for a non-gateway error).
 * Results and errors pass through untouched. The port's optional methods (`remixVideo`, `getPricing`,
 * `getBalance`) exist on the decorator only when the wrapped gateway has them, so "not offered" still reads as such.
 */
export class MeteredGateway implements MediaGateway {
  remixVideo?: MediaGateway['remixVideo'];
  getPricing?: MediaGateway['getPricing'];
  getBalance?: MediaGateway['getBalance'];

  constructor(
    private readonly inner: MediaGateway,
    private readonly metrics: Pick<BotMetrics, 'gatewayLatency' | 'gatewayErrors'>,
  ) {
    const { remixVideo, getPricing, getBalance } = inner;
    if (remixVideo) this.remixVideo = (...a) => this.timed('remixVideo', () => remixVideo.apply(inner, a));
    if (getPricing) this.getPricing = (...a) => this.timed('getPricing', () => getPricing.apply(inner, a));
    if (getBalance) this.getBalance = (...a) => this.timed('getBalance', () => getBalance.apply(inner, a));
  }

  private async timed<T>(method: keyof MediaGateway, call: () => Promise<T>): Promise<T> {
    const endpoint = ENDPOINTS[method];
    const end = this.metrics.gatewayLatency.startTimer({ endpoint });
    try {
      const r = await call();
      end({ outcome: 'ok' });
      return r;
    } catch (e) {
      end({ outcome: 'error' });
      this.metrics.gatewayErrors.inc({ endpoint, kind: isGatewayFailure(e) ? e.kind : 'unknown' });
      throw e;
    }
  }

  listModels: MediaGateway['listModels'] = (...a) => this.timed('listModels', () => this.inner.listModels(...a));
  generateImage: MediaGateway['generateImage'] = (...a) => this.timed('generateImage', () => this.inner.generateImage(...a));
  editImage: MediaGateway['editImage'] = (...a) => this.timed('editImage', () => this.inner.editImage(...a));
  fetchImage: MediaGateway['fetchImage'] = (...a) => this.timed('fetchImage', () => this.inner.fetchImage(...a));
  createVideo: MediaGateway['createVideo'] = (...a) => this.timed('createVideo', () => this.inner.createVideo(...a));
  getVideo: MediaGateway['getVideo'] = (...a) => this.timed('getVideo', () => this.inner.getVideo(...a));
  downloadVideo: MediaGateway['downloadVideo'] = (...a) => this.timed('downloadVideo', () => this.inner.downloadVideo(...a));
  chat: MediaGateway['chat'] = (...a) => this.timed('chat', () => this.inner.chat(...a));
  messages: MediaGateway['messages'] = (...a) => this.timed('messages', () => this.inner.messages(...a));
}
