import { type WebCallConfig, webCallEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function getWebCallConfig(): Promise<WebCallConfig> {
  return api(webCallEndpoints.config);
}
