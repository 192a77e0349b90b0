// What a `proxy --listen` session keeps of the events it sent, so a client whose connection
// dropped can resume a stream with `Last-Event-ID` (MCP 2025-11-25 "Resumability and
// Redelivery"; the SDK's server does it with an event store). Every event id names its stream
// and its place in it (`<stream>_<n>`): unique in the session, and enough to find what came
// after it even when older events are gone. The buffer is bounded in events and bytes; the
// oldest events leave first.

/** One event as it was written: its stream, its place in that stream, its data. */
interface KeptEvent {
	id: string;
	data: string;
}

/** What a resumption gets back: the events still kept after its id, and how many are gone. */
export interface Replay {
	events: KeptEvent[];
	/**
	 * Events of the stream sent after the id that the buffer no longer holds; `"unknown"` when
	 * the stream is forgotten whole (finished, and all its events gone).
	 */
	missed: number | "unknown";
}

/** The stream of the session's GET requests (POST streams are numbered from 1). */
export const EVENTS_STREAM = 0;

interface Event extends KeptEvent {
	stream: number;
	index: number;
	bytes: number;
}

/** One stream's count of events, and the last of them the buffer let go. */
interface StreamRecord {
	written: number;
	evictedThrough: number;
	/** Its events still in the buffer. */
	kept: number;
	/** No more events will come on it (its requests are answered). */
	finished: boolean;
}

/**
 * The events of one session's streams, newest last, within `maxEvents` and `maxBytes` (the
 * newest event is always kept, whatever its size, so the last answer can be replayed).
 */
export class ReplayBuffer {
	readonly #maxEvents: number;
	readonly #maxBytes: number;
	readonly #events: Event[] = [];
	/** Where the oldest kept event is in `#events` (shifting one by one would be quadratic). */
	#head = 0;
	#bytes = 0;
	readonly #streams = new Map<number, StreamRecord>();
	#nextStream = EVENTS_STREAM + 1;

	/**
	 * @param maxEvents - most events kept
	 * @param maxBytes - most bytes of event data kept (UTF-8)
	 */
	constructor(maxEvents: number, maxBytes: number) {
		this.#maxEvents = maxEvents;
		this.#maxBytes = maxBytes;
		this.#streams.set(EVENTS_STREAM, record());
	}

	/** A new POST stream: its number. */
	openStream(): number {
		const stream = this.#nextStream++;
		this.#streams.set(stream, record());
		return stream;
	}

	/** The id of a stream's priming event: before its first event, kept nowhere. */
	primingId(stream: number): string {
		return `${stream}_0`;
	}

	/** Keeps an event written (or meant) for `stream`; returns its id. */
	record(stream: number, data: string): string {
		const entry = this.#streams.get(stream) ?? record();
		this.#streams.set(stream, entry);
		entry.written += 1;
		entry.kept += 1;
		const event: Event = {
			id: `${stream}_${entry.written}`,
			data,
			stream,
			index: entry.written,
			bytes: Buffer.byteLength(data),
		};
		this.#events.push(event);
		this.#bytes += event.bytes;
		while (
			this.#events.length - this.#head > 1 &&
			(this.#events.length - this.#head > this.#maxEvents ||
				this.#bytes > this.#maxBytes)
		)
			this.#evictOldest();
		return event.id;
	}

	/** No more events will come on `stream`; it is forgotten once none of its events is kept. */
	finish(stream: number): void {
		const entry = this.#streams.get(stream);
		if (entry === undefined || stream === EVENTS_STREAM) return;
		entry.finished = true;
		if (entry.kept === 0) this.#streams.delete(stream);
	}

	/**
	 * The stream an event id names, when it names one of this session's: its number and the
	 * place after which to replay.
	 */
	parse(eventId: string): { stream: number; after: number } | undefined {
		const match = /^(\d{1,15})_(\d{1,15})$/.exec(eventId);
		if (match === null) return undefined;
		const stream = Number(match[1]);
		const after = Number(match[2]);
		if (stream >= this.#nextStream) return undefined;
		const entry = this.#streams.get(stream);
		if (entry !== undefined && after > entry.written) return undefined;
		return { stream, after };
	}

	/** The events of `stream` after place `after` that are still kept, and how many are gone. */
	replay(stream: number, after: number): Replay {
		const entry = this.#streams.get(stream);
		// A stream forgotten whole: it was finished, and all its events left the buffer.
		if (entry === undefined) return { events: [], missed: "unknown" };
		const events: KeptEvent[] = [];
		if (entry.kept > 0)
			for (let i = this.#head; i < this.#events.length; i++) {
				const event = this.#events[i] as Event;
				if (event.stream === stream && event.index > after)
					events.push({ id: event.id, data: event.data });
			}
		return { events, missed: Math.max(0, entry.evictedThrough - after) };
	}

	/** Slots the buffer holds now: kept events, plus evicted ones not yet let go. */
	get slots(): number {
		return this.#events.length;
	}

	#evictOldest(): void {
		const event = this.#events[this.#head] as Event;
		this.#head += 1;
		this.#bytes -= event.bytes;
		const entry = this.#streams.get(event.stream);
		if (entry !== undefined) {
			entry.kept -= 1;
			entry.evictedThrough = event.index;
			if (entry.kept === 0 && entry.finished)
				this.#streams.delete(event.stream);
		}
		// Let go of the evicted slots once they are half the array.
		if (this.#head > 1024 && this.#head * 2 > this.#events.length) {
			this.#events.splice(0, this.#head);
			this.#head = 0;
		}
	}
}

function record(): StreamRecord {
	return { written: 0, evictedThrough: 0, kept: 0, finished: false };
}
