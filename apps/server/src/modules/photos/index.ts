// Public face of the photos module (upload pipeline, moderation, signed links, storage): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { processImage, uploadErrors } from './image-pipeline.js';
export { createNsfwModerator } from './moderation/moderator.js';
export type { Moderator } from './moderation/moderator.js';
export { sendJpeg } from './photo-reply.js';
export { readUploadParts } from './read-upload.js';
export { PhotoUrlSigner } from './photo-urls.js';
export { PhotosService, visibleStatus } from './photos.service.js';
export { createPhotosModule } from './module.js';
