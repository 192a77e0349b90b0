import type { CliOutput } from "./io.js";

/**
 * A transient status line on stderr; see {@link startProgress}.
 */
export interface Progress {
	/** Whether the line is shown (a terminal); otherwise updates go nowhere. */
	readonly live?: boolean;
	/** Replaces the text of the line. */
	update(text: string): void;
	/** Erases the line; later calls do nothing. */
	stop(): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const INTERVAL_MS = 80;
const CLEAR_LINE = "\r\u001b[2K";

/**
 * Shows a spinner with a status text on a terminal stderr while the CLI connects and lists.
 * On anything but a terminal (a pipe, a CI log, `TERM=dumb`) it writes nothing at all, so
 * logs and captured output stay clean.
 *
 * @param stream - normally stderr
 * @param env - the environment (`TERM`)
 * @param text - the first status text
 * @returns a handle to update and stop the line
 */
export function startProgress(
	stream: CliOutput,
	env: Readonly<Record<string, string | undefined>>,
	text: string,
): Progress {
	if (stream.isTTY !== true || env.TERM === "dumb") {
		return { live: false, update() {}, stop() {} };
	}
	let frame = 0;
	let current = text;
	let stopped = false;
	const draw = (): void => {
		stream.write(`${CLEAR_LINE}${FRAMES[frame % FRAMES.length]} ${current}`);
	};
	draw();
	const timer = setInterval(() => {
		frame++;
		draw();
	}, INTERVAL_MS);
	timer.unref?.();
	return {
		live: true,
		update(next) {
			if (stopped) return;
			current = next;
			draw();
		},
		stop() {
			if (stopped) return;
			stopped = true;
			clearInterval(timer);
			stream.write(CLEAR_LINE);
		},
	};
}
