import type { ContentBlock, Element } from '@app-context/provider-kit/protocol';
import { imageRefusal } from './image-type.js';
import type { PromptPart } from '../../contract/agent.js';

/** An image taken out of the tree so the backend can send it as an image part. */
export interface ExtractedImage {
  /** The label the tree uses for it: "image-1". */
  label: string;
  elementId: string;
  data: string;
  mimeType: string;
}

/** The tree as the model reads it, plus the images it refers to. */
export interface RenderedTree {
  json: string;
  images: ExtractedImage[];
}

/** How each state is named to the model; hovered is deliberately the weakest wording. */
const STATE_WORDS = {
  selected: 'selected',
  focused: 'focused',
  hovered: 'under the pointer',
} as const;

/**
 * One element for the model: its id, role, subrole, title, url, states, attributes and
 * content, in that order. Nothing is added for a hovered element (docs/protocol.md, "What a host
 * must do": send no more of an element because it is hovered); it only gains the words "under the
 * pointer".
 */
function renderElement(element: Element, images: ExtractedImage[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: element.id, role: element.role };
  if (element.subrole !== undefined) out['subrole'] = element.subrole;
  if (element.title !== undefined) out['title'] = element.title;
  if (element.url !== undefined) out['url'] = element.url;
  const states: string[] = [];
  for (const name of ['selected', 'focused', 'hovered'] as const) if (element[name] === true) states.push(STATE_WORDS[name]);
  // visible is inherited, so it is stated only where it changes to false.
  if (element.visible === false) states.push('not visible');
  if (states.length > 0) out['states'] = states;
  if (element.attributes !== undefined) out['attributes'] = element.attributes;
  if (element.content !== undefined && element.content.length > 0) {
    out['content'] = element.content.map((block) => renderBlock(block, element.id, images));
  }
  if (element.children !== undefined && element.children.length > 0) {
    out['children'] = element.children.map((child) => renderElement(child, images));
  }
  return out;
}

/**
 * MCP blocks go through unchanged where the model can read them as text (text, resource_link,
 * a text resource). An image becomes a reference to the image part sent after the tree (only
 * a type the models take, whose bytes match it);
 * audio and binary resources are named but not sent (no backend here takes them).
 */
function renderBlock(block: ContentBlock, elementId: string, images: ExtractedImage[]): unknown {
  switch (block.type) {
    case 'image': {
      const refusal = imageRefusal(block.mimeType, block.data);
      // The stated type is the provider's text: it is not repeated to the model either.
      if (refusal !== undefined) return { type: 'image', omitted: `not sent: ${refusal}` };
      const label = `image-${images.length + 1}`;
      images.push({ label, elementId, data: block.data, mimeType: block.mimeType });
      return { type: 'image', mimeType: block.mimeType, image: label };
    }
    case 'audio':
      return { type: 'audio', mimeType: block.mimeType, omitted: 'audio is not sent to the model' };
    case 'resource':
      if ('blob' in block.resource) {
        return { type: 'resource', resource: { uri: block.resource.uri, mimeType: block.resource.mimeType }, omitted: 'binary data is not sent to the model' };
      }
      return block;
    default:
      return block;
  }
}

/**
 * The reviewed tree as JSON. `<` is written as \u003c so no text inside an element can
 * close the <app_context> frame around it and pose as the host (still valid JSON).
 */
export function renderTree(root: Element): RenderedTree {
  const images: ExtractedImage[] = [];
  const json = JSON.stringify(renderElement(root, images), null, 1).replaceAll('<', '\\u003c');
  return { json, images };
}

/** The image parts that follow the tree, each preceded by a line naming its element. */
export function imageParts(images: ExtractedImage[]): PromptPart[] {
  const parts: PromptPart[] = [];
  for (const image of images) {
    parts.push({ type: 'text', text: `${image.label} (content of element ${image.elementId}):` });
    parts.push({ type: 'image', data: image.data, mimeType: image.mimeType, elementId: image.elementId });
  }
  return parts;
}

/** Ids of the elements with a state set, in document order (for the summary line). */
export function idsWithState(root: Element, state: 'selected' | 'focused' | 'hovered'): Element[] {
  const found: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (element[state] === true) found.push(element);
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
  }
  return found;
}
