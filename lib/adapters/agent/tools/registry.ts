import type { ToolSpec } from "../types.js";
import { contextTool } from "./context.js";
import { forgetTool } from "./forget.js";
import { listTool } from "./list.js";
import { moveTool } from "./move.js";
import { readTool } from "./read.js";
import { recallTool } from "./recall.js";
import { saveTool } from "./save.js";
import { statusTool } from "./status.js";
import { supersedeTool } from "./supersede.js";
import { tagsTool } from "./tags.js";
import { transcriptSearchTool } from "./transcripts.js";
import { updateTool } from "./update.js";

/** Every tool the MCP server offers, in the order they are listed. */
export const TOOLS: readonly ToolSpec[] = [recallTool, readTool, contextTool, listTool, tagsTool, statusTool, transcriptSearchTool, saveTool, updateTool, supersedeTool, forgetTool, moveTool];
