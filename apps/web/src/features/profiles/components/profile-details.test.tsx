import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { ProfileDetails } from './profile-details';

const profile = {
  about_me: '',
  looking_for: '',
  age: 30,
  city: 'Köln',
  gender: null,
  photo_url: null,
  thumb_url: null,
  photos: [],
  badges: [],
  interests: ['wandern', 'kaffee'],
  prompts: [{ prompt_id: 'nicht-ohne', question: 'Ich kann nicht ohne …', answer: 'Meer' }],
};

describe('ProfileDetails', () => {
  it('shows each prompt as question and answer, and the interests as chips', () => {
    render(<ProfileDetails profile={profile} />);
    const prompts = screen.getByTestId('profile-prompts');
    expect([...prompts.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual(['Ich kann nicht ohne …', 'Meer']);
    const list = screen.getByRole('list', { name: de.details.interestsLabel });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Wandern', 'Kaffee']);
  });

  it('shows nothing without prompts and interests', () => {
    const { container } = render(<ProfileDetails profile={{ ...profile, interests: [], prompts: [] }} />);
    expect(container.textContent).toBe('');
  });
});
