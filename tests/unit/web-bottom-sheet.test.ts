import { describe, expect, it } from 'vitest';
import { shouldCloseSheet } from '../../web/src/components/bottomSheetClose';

// docs/product.md "Sign-in modal": the sign-in sheet closes when dragged down past half its height or faster than 800
// px/s.
describe('shouldCloseSheet(dragDistance, sheetHeight, velocity)', () => {
  it.each([
    ['past half the height, slowly', 201, 400, 10, true],
    ['exactly half the height, slowly', 200, 400, 10, false],
    ['a short drag faster than 800 px/s', 20, 400, 801, true],
    ['a short drag at exactly 800 px/s', 20, 400, 800, false],
    ['a short slow drag', 50, 400, 100, false],
    ['no movement, even fast', 0, 400, 5000, false],
    ['an upward drag past half, fast', -300, 400, 5000, false],
  ])('%s -> %s', (_case, distance, height, velocity, closes) => {
    expect(shouldCloseSheet(distance, height, velocity)).toBe(closes);
  });
});
