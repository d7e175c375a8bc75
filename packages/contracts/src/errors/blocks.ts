import { defineErrors } from './define.js';

/** Blocking a member (an unknown one is swipes' not_found `member`). */
export const blocksErrors = defineErrors({
  self_block: { status: 400, message: 'Du kannst dich nicht selbst blockieren.' },
});
