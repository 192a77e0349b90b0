// Context of guide excerpts about agent frameworks: a model of each framework (in the
// guides, e.g. `openai("gpt-5")` from @ai-sdk/openai, or `new ChatOpenAI(...)` from
// @langchain/openai, which are not dev dependencies) and an @ai-sdk/mcp client.
declare const model: import("ai").LanguageModel;
declare const chatModel: {
	bindTools(
		tools: import("@langchain/core/tools").StructuredToolInterface[],
	): import("@langchain/core/runnables").Runnable<
		import("@langchain/core/messages").BaseMessage[],
		import("@langchain/core/messages").AIMessageChunk
	>;
};
declare const mcp: Awaited<
	ReturnType<typeof import("@ai-sdk/mcp").createMCPClient>
>;
