// Public face of the verification module (photo verification: consent, pose, selfie check, admin queue):
// other modules and the composition root import from here only (eslint boundaries/dependencies).

export { createFaceEngine } from './face/face-engine.js';
export type { FaceEngine } from './face/face-engine.js';
export { ATTEMPT_TTL_SECONDS, FaceVerificationService } from './verification.service.js';
export { createVerificationModule } from './module.js';
