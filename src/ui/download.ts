// Saving text as a file through the browser's download (a run, a game record, a bot's code, the bench's table).

export function downloadText(name: string, text: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  // The download reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
