import { describe, expect, it } from 'vitest';
import { foldForSearch, searchPrefixes } from './fold.js';

describe('foldForSearch', () => {
  it('lower-cases and folds umlauts, ß and other diacritics', () => {
    expect(foldForSearch('München')).toBe('munchen');
    expect(foldForSearch('MÜNCHEN')).toBe('munchen');
    expect(foldForSearch('Munchen')).toBe('munchen');
    expect(foldForSearch('Straßgang')).toBe('strassgang');
    expect(foldForSearch('Genève')).toBe('geneve');
    expect(foldForSearch('Neuchâtel')).toBe('neuchatel');
    expect(foldForSearch('Zürich')).toBe('zurich');
    expect(foldForSearch('Mu\u0308nchen')).toBe('munchen'); // decomposed input
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(foldForSearch('Halle (Saale)')).toBe('halle saale');
    expect(foldForSearch('  Villingen-Schwenningen ')).toBe('villingen schwenningen');
    expect(foldForSearch('Biel/Bienne')).toBe('biel bienne');
    expect(foldForSearch('Frankfurt (')).toBe('frankfurt');
    expect(foldForSearch('?!')).toBe('');
  });

  it('spells out "St." before a word, but leaves "St..." words alone', () => {
    expect(foldForSearch('St. Gallen')).toBe('sankt gallen');
    expect(foldForSearch('St Anton am Arlberg')).toBe('sankt anton am arlberg');
    expect(foldForSearch('Bad St. Leonhard')).toBe('bad sankt leonhard');
    expect(foldForSearch('Sankt Gallen')).toBe('sankt gallen');
    expect(foldForSearch('St.')).toBe('st');
    expect(foldForSearch('Stuttgart')).toBe('stuttgart');
  });
});

describe('searchPrefixes', () => {
  it('reads ae/oe/ue as umlauts, keeping the literal spelling too', () => {
    expect(searchPrefixes('Muenchen')).toEqual(['muenchen', 'munchen']);
    expect(searchPrefixes('Düsseldorf')).toEqual(['dusseldorf']);
    expect(searchPrefixes('Soest')).toEqual(['soest', 'sost']);
    expect(searchPrefixes('Boeblingen')).toEqual(['boeblingen', 'boblingen']);
  });

  it('adds the place behind an alias once four letters are typed', () => {
    expect(searchPrefixes('Genf')).toEqual(['genf', 'geneve']);
    expect(searchPrefixes('Munic')).toEqual(['munic', 'munchen']);
    expect(searchPrefixes('Vienna')).toEqual(['vienna', 'wien']);
    expect(searchPrefixes('co')).toEqual(['co']);
    expect(searchPrefixes('Gen')).toEqual(['gen']);
  });

  it('is empty when nothing searchable is left', () => {
    expect(searchPrefixes('--')).toEqual([]);
  });
});
