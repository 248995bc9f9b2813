/** The agent: backends with streaming and cancel, the payload built from the reviewed context, the highlight tool loop. */
export type { AgentBackend, AgentFailureKind, AgentRequest, BackendEvent } from './types.js';
export type { AgentMessage, PromptPart, ToolCall, ToolSpec } from '../../contract/agent.js';
export { BACKEND_IDS, createBackend, defaultModel, isBackendId, type BackendId, type BackendSettings } from './backends.js';
export { Conversation, type ConversationEvent, type ConversationOptions } from './conversation.js';
export { buildAgentPayload, type SentContext } from './prompt.js';
export { HIGHLIGHT_TOOL, HIGHLIGHT_TOOL_NAME, type HighlightResult, type LocateFn } from './highlight-tool.js';
export { DEFAULT_MODEL_TIMEOUT_MS } from './turn.js';
