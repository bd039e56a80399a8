import { spawn } from "node:child_process";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to its end and gives its output; a non-zero exit throws with the output's end, unless
 * `allowFailure`. `input` is written to its standard input.
 */
export function run(
  program: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean; input?: string | Buffer } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => err.push(chunk));
    if (options.input !== undefined) child.stdin!.end(options.input);
    child.once("error", reject);
    child.once("close", (code) => {
      const result = { code: code ?? 1, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
      if (result.code !== 0 && !options.allowFailure)
        reject(
          new Error(
            `${program} ${args.join(" ")} exited with ${result.code}:\n${(result.stdout + result.stderr).slice(-4000)}`,
          ),
        );
      else resolve(result);
    });
  });
}

export function docker(args: string[], options: Parameters<typeof run>[2] = {}): Promise<RunResult> {
  return run("docker", args, options);
}
