/** docs/product.md "Sign-in modal": a drag closes the sheet past half its height or faster than 800 px/s. */
export const SHEET_CLOSE_VELOCITY = 800;
export const SHEET_CLOSE_FRACTION = 0.5;

/**
 * Whether a finished drag closes the bottom sheet: only a downward drag (distance > 0) can, and then when it went
 * past half the sheet's height or ended faster than 800 px/s. Pure, so it is unit-tested apart from the DOM.
 */
export function shouldCloseSheet(dragDistance: number, sheetHeight: number, velocityPxPerSecond: number): boolean {
  if (dragDistance <= 0) return false;
  return dragDistance > sheetHeight * SHEET_CLOSE_FRACTION || velocityPxPerSecond > SHEET_CLOSE_VELOCITY;
}
