import type { ToolSpec } from "../types.js";
import { contextTool } from "./context.js";
import { listTool } from "./list.js";
import { recallTool } from "./recall.js";
import { statusTool } from "./status.js";
import { transcriptSearchTool } from "./transcripts.js";

/** Every tool the MCP server offers, in the order they are listed. */
export const TOOLS: readonly ToolSpec[] = [recallTool, contextTool, listTool, statusTool, transcriptSearchTool];
