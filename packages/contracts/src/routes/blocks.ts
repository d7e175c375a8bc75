import { blockParams } from '../blocks.js';
import { messageBody } from '../errors.js';
import { endpoint } from './define.js';

const tag = 'blocks';

/** A block hides both members from each other everywhere. */
export const blocksEndpoints = {
  block: endpoint({ method: 'POST', path: '/api/blocks/:memberId', auth: 'member', params: blockParams, response: messageBody, errors: ['self_block', 'not_found'], tag }),
  unblock: endpoint({ method: 'DELETE', path: '/api/blocks/:memberId', auth: 'member', params: blockParams, response: messageBody, errors: [], tag }),
} as const;
