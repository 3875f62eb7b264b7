/** Query options that keep a read's answers from drawing the component that asked; other renders still read them. */
export type Quiet = { notifyOnChangeProps?: [] };
export const QUIET: Quiet = { notifyOnChangeProps: [] };

/**
 * For a read whose answer shows only beside another's: until `drawn` (the other has answered) its answer draws nothing,
 * and the render the other answer brings reads it from the cache. Otherwise a page whose properties answered before
 * its report drew itself once more for an answer that changed nothing on screen.
 */
export const quietUntil = (drawn: boolean): Quiet => (drawn ? {} : QUIET);
