// Public face of the places module (DACH gazetteer, snapped places): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { foldForSearch } from './fold.js';
export { PlacesService } from './places.service.js';
export { createPlacesModule } from './module.js';
