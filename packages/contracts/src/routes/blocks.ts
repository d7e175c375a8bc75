import { z } from 'zod';
import { blockedMember, blockParams } from '../blocks.js';
import { messageBody } from '../errors.js';
import { endpoint } from './define.js';

const tag = 'blocks';

/** A block hides both members from each other everywhere. */
export const blocksEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/blocks', auth: 'member', response: z.array(blockedMember), errors: [], tag }),
  block: endpoint({ method: 'POST', path: '/api/blocks/:memberId', auth: 'member', params: blockParams, response: messageBody, errors: ['self_block', 'not_found'], tag }),
  unblock: endpoint({ method: 'DELETE', path: '/api/blocks/:memberId', auth: 'member', params: blockParams, response: messageBody, errors: [], tag }),
} as const;
