/**
 * Runs before each test file. The server suite runs its files without isolation (vitest.config.ts): a
 * worker's files share their modules, so what a module keeps for the process is reset here to what a
 * fresh process has. Today that is the outbound guard's exceptions (a file that calls loopback fakes
 * allows 127.0.0.1 at its top, which must not carry over to the next file: projects.test.ts checks that
 * an internal address is refused).
 */
import { configureOutbound } from '../src/net/outbound-guard.ts';

configureOutbound({});
