// A game's data files in a browser (`connect4/book.bin`, `connect4/neural.onnx`, `puzzle15/levels.txt`): each is an asset of the build,
// fetched from the server when asked for. The worker and the pages read them alike.

const resourceUrls = import.meta.glob<string>('../src/games/*/*.{bin,txt,onnx}', { query: '?url', import: 'default' });

/** The file's bytes, or null when the game ships no such file. */
export async function fetchResource(name: string): Promise<ArrayBuffer | null> {
  const url = resourceUrls[`../src/games/${name}`];
  if (!url) return null;
  const response = await fetch(await url());
  return response.ok ? response.arrayBuffer() : null;
}
