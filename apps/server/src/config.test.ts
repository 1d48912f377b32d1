import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig: relative paths (issue 17 point 12)', () => {
  it('reads a relative DATA_DIR from the folder the command was typed in (INIT_CWD), not the server workspace', () => {
    const config = loadConfig({ INIT_CWD: '/home/me/dialwise', DATA_DIR: 'mydata' }, []);
    expect(config.dataDir).toBe('/home/me/dialwise/mydata');
  });

  it('puts the default data folder there too', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/dialwise' }, []).dataDir).toBe('/home/me/dialwise/.data');
  });

  it('keeps an absolute DATA_DIR as given', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/dialwise', DATA_DIR: '/var/lib/dialwise' }, []).dataDir).toBe('/var/lib/dialwise');
  });

  it('falls back to the working directory when not started through npm', () => {
    expect(loadConfig({ DATA_DIR: 'mydata' }, []).dataDir).toBe(join(process.cwd(), 'mydata'));
  });

  it('reads a relative WEB_DIST from the same folder', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/dialwise', WEB_DIST: 'apps/web/dist' }, []).webDist).toBe('/home/me/dialwise/apps/web/dist');
  });
});

describe('loadConfig: ALLOWED_ORIGINS (issue 37)', () => {
  it('reads comma-separated origins as browsers write them (no path, default port dropped, lower case)', () => {
    const config = loadConfig({ ALLOWED_ORIGINS: ' https://Console.Example.com/ , http://10.0.0.5:8080,https://a.test:443 ' }, []);
    expect(config.allowedOrigins).toEqual(['https://console.example.com', 'http://10.0.0.5:8080', 'https://a.test']);
    expect(loadConfig({}, []).allowedOrigins).toEqual([]);
  });

  it('stops the start on a value that is not an origin', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'console.example.com' }, [])).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'file:///tmp/x' }, [])).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('loadConfig: ICE_SERVERS (issue 31)', () => {
  it('is empty by default: on localhost host candidates are enough', () => {
    expect(loadConfig({}).iceServers).toEqual([]);
  });

  it('reads a JSON array of STUN/TURN servers as RTCPeerConnection takes them', () => {
    const servers = [{ urls: 'stun:stun.example.com:3478' }, { urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' }];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
  });

  it('stops the start on a value that is not such an array, saying what it wants', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'stun:stun.example.com' })).toThrow(/must be JSON/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(/array of \{urls/);
  });
});
