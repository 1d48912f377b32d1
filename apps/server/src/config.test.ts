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
