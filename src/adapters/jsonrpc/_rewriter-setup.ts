// Reads and checks a WireRewriter's options once, at construction.
import {
	booleanOption,
	checkOptions,
	functionOption,
	positiveIntegerOption,
} from "../../core/_guards.js";
import type { SharedCodec } from "../../core/shared-codec.js";
import {
	McpToolNamesError,
	type Resolution,
	type WireNameCodec,
	type WireNameCodecOptions,
} from "../../index.js";
import {
	codecFromOptions,
	protectionOption,
	resolveOptionsOf,
	storeOption,
} from "../routing/options.js";
import {
	type RouteDecision,
	type RouterOptions,
	ToolRouter,
} from "../routing/router.js";
import type { Protection } from "../routing/tool-entry.js";
import { restoreSnapshot } from "./_rewriter-snapshot.js";
import type { WireRewriterOptions } from "./rewriter-options.js";

const FN = "WireRewriter";
const DEFAULT_MAX_PENDING = 1024;

/** What a WireRewriter works with, from its options. */
export interface RewriterSetup {
	codec: WireNameCodec;
	store: SharedCodec | undefined;
	router: ToolRouter;
	protection: Protection;
	rewriteDescriptions: boolean;
	maxPending: number;
	onCorrection: ((message: string, resolution: Resolution) => void) | undefined;
	/** Unknown names are routed (resolved) at all: to correct them, or to report them. */
	routesUnknown: boolean;
}

/** Checks the options and builds the codec (new, shared or restored) and the router. */
export function setUpRewriter(options: WireRewriterOptions): RewriterSetup {
	const opts = checkOptions(FN, options);
	const maxPending = positiveIntegerOption(
		FN,
		"maxPending",
		opts.maxPending,
		DEFAULT_MAX_PENDING,
	);
	const resolve = booleanOption(FN, "resolve", opts.resolve, false);
	const rewriteDescriptions = booleanOption(
		FN,
		"rewriteDescriptions",
		opts.rewriteDescriptions,
		false,
	);
	const onCorrection = functionOption<
		(message: string, resolution: Resolution) => void
	>(FN, "onCorrection", opts.onCorrection);
	const onDecision = functionOption<(decision: RouteDecision) => void>(
		FN,
		"onDecision",
		opts.onDecision,
	);
	const protection = protectionOption(FN, opts.protection);
	let restored: ReturnType<typeof restoreSnapshot> | undefined;
	if (opts.snapshot !== undefined) {
		if (opts.codec !== undefined || opts.store !== undefined) {
			throw new McpToolNamesError(
				"invalid-option",
				`${FN} options ${opts.codec !== undefined ? "codec" : "store"} and snapshot cannot be combined: the snapshot restores its own codec`,
			);
		}
		const own: WireNameCodecOptions = {};
		if (opts.profile !== undefined) own.profile = opts.profile;
		if (opts.onDiagnostic !== undefined) own.onDiagnostic = opts.onDiagnostic;
		restored = restoreSnapshot(opts.snapshot, own);
	}
	const codec = restored?.codec ?? codecFromOptions(FN, opts);
	const routerOptions: RouterOptions = {
		codec,
		correct: resolve,
		resolve: resolveOptionsOf(FN, opts as Record<string, unknown>),
	};
	if (onDecision !== undefined) routerOptions.onDecision = onDecision;
	const router = new ToolRouter(routerOptions);
	if (restored !== undefined) router.setTools(restored.tools);
	return {
		codec,
		store: storeOption(FN, opts.store),
		router,
		protection,
		rewriteDescriptions,
		maxPending,
		onCorrection,
		routesUnknown: resolve || onDecision !== undefined,
	};
}
