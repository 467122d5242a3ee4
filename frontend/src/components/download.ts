// Saves a file the server handed out as a short-lived link (exports): the link answers with
// Content-Disposition: attachment, so following it downloads the file and leaves the page as it is.

export function downloadFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
