/** Azure's China cloud (21Vianet) lives under azure.cn; every other region under microsoft.com. */
export function azureHost(provider: string): string {
  return provider === 'azure_china' ? 'azure.cn' : 'microsoft.com';
}
