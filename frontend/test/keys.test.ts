import { describe, expect, test } from 'vitest';
import { keyCommand, nextFocus } from '../src/state/keys';

describe('keys', () => {
  test('letters and arrows map to commands', () => {
    expect(keyCommand({ key: 'u' })).toBe('undo');
    expect(keyCommand({ key: 'U' })).toBe('undo');
    expect(keyCommand({ key: 'h' })).toBe('hint');
    expect(keyCommand({ key: 'n' })).toBe('new');
    expect(keyCommand({ key: 'd' })).toBe('draw');
    expect(keyCommand({ key: 'r' })).toBe('recycle');
    expect(keyCommand({ key: 'Escape' })).toBe('escape');
    expect(keyCommand({ key: 'ArrowLeft' })).toBe('left');
    expect(keyCommand({ key: 'x' })).toBeNull();
  });
  test('modifiers and text fields are left alone (Esc still closes)', () => {
    expect(keyCommand({ key: 'r', ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: 'u', metaKey: true })).toBeNull();
    expect(keyCommand({ key: 'u', inField: true })).toBeNull();
    expect(keyCommand({ key: 'Escape', inField: true })).toBe('escape');
  });
  test('focus moves to the nearest spot in the direction, staying in line', () => {
    const spots = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 100, y: 0 },
      { id: 'c', x: 200, y: 5 },
      { id: 'd', x: 50, y: 100 },
      { id: 'e', x: 140, y: 100 },
    ];
    expect(nextFocus(spots, 'a', 'right')).toBe('b');
    expect(nextFocus(spots, 'b', 'right')).toBe('c');
    expect(nextFocus(spots, 'c', 'right')).toBe('c');
    expect(nextFocus(spots, 'b', 'down')).toBe('e');
    expect(nextFocus(spots, 'a', 'down')).toBe('d');
    expect(nextFocus(spots, 'e', 'up')).toBe('b');
    expect(nextFocus(spots, 'e', 'left')).toBe('d');
    expect(nextFocus(spots, null, 'left')).toBe('a');
    expect(nextFocus([], null, 'left')).toBeNull();
  });
});
