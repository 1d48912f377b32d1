import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helper.ts';

const chat = {
  model: 'dialwise-demo',
  messages: [
    { role: 'assistant', content: 'Hello Li A. This is Lin from AcmeOutreach. Do you have a minute?' },
    { role: 'user', content: 'How much does it cost?' },
  ],
};

describe('a server that does not run the demo (seedDemo off: PostgreSQL without --demo)', () => {
  const server = useTestServer({ seedDemo: false });

  it('has no demo model: its routes answer 404', async () => {
    const models = await server.app.inject({ method: 'GET', url: '/api/demo-llm/v1/models' });
    expect(models.statusCode).toBe(404);
    const completion = await server.app.inject({ method: 'POST', url: '/api/demo-llm/v1/chat/completions', payload: chat });
    expect(completion.statusCode).toBe(404);
  });
});

describe('a server that runs the demo', () => {
  const server = useTestServer({ seedDemo: true });

  it('serves the demo model, which answers the conversation', async () => {
    const models = await server.app.inject({ method: 'GET', url: '/api/demo-llm/v1/models' });
    expect(models.statusCode).toBe(200);
    expect(models.json().data[0].id).toBe('dialwise-demo');
    const completion = await server.app.inject({ method: 'POST', url: '/api/demo-llm/v1/chat/completions', payload: chat });
    expect(completion.statusCode).toBe(200);
    expect(completion.json().choices[0].message.content).toMatch(/99 yuan/);
  });
});
