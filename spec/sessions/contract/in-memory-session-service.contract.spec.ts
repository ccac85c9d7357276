import { InMemorySessionService } from '../../../lib/sessions/in-memory-session-service.js';
import { describeSessionServiceContract } from './describe-session-service-contract.js';

describeSessionServiceContract('InMemorySessionService', () => ({ service: new InMemorySessionService() }));
