const WINDOW_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * Waits, if need be, until at least `seconds` remain of the current UTC hour or day. The server counts its rate
 * limits per UTC clock hour or day; a test that fills an allowance and then expects the refusal must do both in one
 * window, or the new window's fresh counter lets the refused request through.
 */
export async function inOneWindow(window: keyof typeof WINDOW_MS, seconds = 60) {
  const left = WINDOW_MS[window] - (Date.now() % WINDOW_MS[window]);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
