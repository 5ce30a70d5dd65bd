/**
 * Reads one line typed at the terminal without echoing it (a password), or
 * the first line of standard input when it is not a terminal (piped in).
 */
export function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.off("end", onEnd);
      if (input.isTTY) input.setRawMode(false);
      input.pause();
      if (error) reject(error);
      else resolve(typed);
    };
    const onEnd = () => finish();
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") {
          if (input.isTTY) process.stderr.write("\n");
          return finish();
        }
        if (char === "\u0003") return finish(new Error("Cancelled; nothing was changed."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    process.stderr.write(prompt);
    if (input.isTTY) input.setRawMode(true);
    input.on("data", onData);
    input.on("end", onEnd);
    input.resume();
  });
}
