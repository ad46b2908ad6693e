/**
 * Loads a code chunk, and when that fails tries once more after a short pause before giving up: one lost
 * request (a network blip, a server restarting) should not put the error screen in front of someone.
 */
export async function retryOnce<T>(load: () => Promise<T>, pauseMs = 500): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return load();
  }
}
