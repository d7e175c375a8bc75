import type { Gender } from '@funkeln/contracts/profiles';

/** Common German first names of people aged roughly 19–55, by the member's gender. */
export const FIRST_NAMES: Record<Gender, readonly string[]> = {
  female: [
    'Anna', 'Lena', 'Laura', 'Julia', 'Sarah', 'Lisa', 'Katharina', 'Hannah', 'Marie', 'Sophie',
    'Lea', 'Johanna', 'Clara', 'Emma', 'Mia', 'Charlotte', 'Amelie', 'Paula', 'Luisa', 'Maja',
    'Nele', 'Jana', 'Franziska', 'Theresa', 'Carolin', 'Miriam', 'Vanessa', 'Nina', 'Svenja', 'Melanie',
    'Sandra', 'Stefanie', 'Christina', 'Sabine', 'Nicole', 'Kerstin', 'Anja', 'Claudia', 'Katrin', 'Jessica',
    'Janina', 'Ronja', 'Greta', 'Frieda', 'Ida', 'Mathilda', 'Merle', 'Pia', 'Alina', 'Selin',
    'Aylin', 'Elif', 'Natalia', 'Zoe', 'Antonia', 'Helena', 'Jasmin', 'Lina', 'Leonie', 'Carla',
  ],
  male: [
    'Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Paul', 'Elias', 'Noah', 'Finn', 'Ben',
    'Tim', 'Jan', 'Niklas', 'Moritz', 'Tobias', 'Florian', 'Sebastian', 'Alexander', 'Philipp', 'David',
    'Simon', 'Julian', 'Daniel', 'Michael', 'Thomas', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Matthias',
    'Martin', 'Oliver', 'Dennis', 'Kevin', 'Marcel', 'Sven', 'Jens', 'Torsten', 'Frank', 'Dirk',
    'Henrik', 'Hannes', 'Jakob', 'Emil', 'Anton', 'Theo', 'Oskar', 'Carl', 'Malte', 'Lars',
    'Benedikt', 'Fabian', 'Dominik', 'Patrick', 'Kai', 'Emre', 'Can', 'Mehmet', 'Nico', 'Till',
  ],
  diverse: ['Alex', 'Kim', 'Sascha', 'Robin', 'Charlie', 'Luca', 'Noa', 'Mika', 'Jule', 'Toni', 'Sam', 'Chris', 'Eli', 'Jona', 'Jo', 'Ari'],
};

/**
 * German cities for demo members, weighted roughly by size (but flatter, so smaller cities get
 * someone too). Names as the gazetteer spells them; one that is missing is simply left out.
 */
export const DEMO_CITIES: readonly (readonly [name: string, weight: number])[] = [
  ['Berlin', 14], ['Hamburg', 9], ['München', 9], ['Köln', 7], ['Frankfurt am Main', 6],
  ['Stuttgart', 5], ['Düsseldorf', 5], ['Leipzig', 5], ['Dortmund', 4], ['Essen', 4],
  ['Bremen', 4], ['Dresden', 4], ['Hannover', 4], ['Nürnberg', 4], ['Duisburg', 3],
  ['Bochum', 3], ['Wuppertal', 2], ['Bielefeld', 3], ['Bonn', 3], ['Münster', 3],
  ['Mannheim', 3], ['Karlsruhe', 3], ['Augsburg', 3], ['Wiesbaden', 2], ['Braunschweig', 2],
  ['Kiel', 2], ['Aachen', 2], ['Freiburg', 3], ['Lübeck', 2], ['Rostock', 2],
  ['Erfurt', 2], ['Mainz', 2], ['Kassel', 2], ['Halle (Saale)', 2], ['Magdeburg', 2],
  ['Potsdam', 2], ['Heidelberg', 2], ['Regensburg', 2], ['Würzburg', 2], ['Göttingen', 1],
  ['Oldenburg', 1], ['Osnabrück', 1], ['Saarbrücken', 2], ['Ulm', 1], ['Jena', 1],
  ['Konstanz', 1], ['Trier', 1], ['Schwerin', 1], ['Flensburg', 1], ['Chemnitz', 2],
];
