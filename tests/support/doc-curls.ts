// The curl commands the README and docs/intake-api.md give vendors, as a shell runs them: each fenced
// `curl -s …` command's URL, headers and JSON body, the body built by bash from the command's own
// quoting (so `"'"$(date …)"'"` gives the current time, as it does for the reader).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DocCurl {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The `-d` argument of a command, as the shell hands it to curl. */
function shellArgument(quoted: string): string {
  return execFileSync('bash', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' });
}

/** Every fenced curl command of `file` (from the repository root) that posts to `apiPath`. */
export function docCurls(file: string, apiPath: string): DocCurl[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/```sh\n(curl -s [\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .filter((command) => new RegExp(`curl -s \\S+${apiPath.replace(/\//g, '\\/')}\\s`).test(command))
    .map((command) => {
      const headers = Object.fromEntries([...command.matchAll(/-H '([^:]+): ([^']+)'/g)].map((h) => [h[1]!.toLowerCase(), h[2]!]));
      // The body: from -d to the end of the command (its last line ends the argument).
      const quoted = /-d ('[\s\S]+')\s*$/.exec(command)?.[1];
      if (!quoted) throw new Error(`${file}: a curl command without a -d body`);
      return { url: /curl -s (\S+)/.exec(command)![1]!, headers, body: JSON.parse(shellArgument(quoted)) as Record<string, unknown> };
    });
}
