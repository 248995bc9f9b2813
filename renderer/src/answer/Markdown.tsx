import { memo, useEffect, useMemo, useState, type JSX, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { blockGroups, markdownBlocks } from './blocks.js';
import { CopyButton } from './CopyButton.js';
import { elementCodeName, withElementNames, type HastNode, type NameOf } from './element-names.js';

/**
 * The model's answer as Markdown (react-markdown with GitHub's tables, lists and code; no raw
 * HTML: what looks like HTML is shown as the text it is). Every run of text goes through
 * ProviderText, so the model cannot reorder or hide what it quotes from the app. Images are
 * never fetched (the CSP would refuse them anyway): their description is shown instead. Links
 * open in the browser through main, never in the panel. A code span that is exactly the id of
 * a chip (the model cites ids in backticks) becomes that chip. While the answer streams, a
 * caret ends its text, inline on the last line. A code block has its own Copy, over it, with
 * the language it names.
 */

/** Only blanks and line breaks: left as they are (a <bdi> inside a <ul> would be invalid HTML). */
const BLANK = /^[ \t\r\n]*$/;

/** True for a code span that is exactly the id of a chip (outside a code block). */
function isChipCode(node: HastNode | undefined, parentTag: string | undefined, chipIds: ReadonlySet<string>): boolean {
  if (node?.type !== 'element' || node.tagName !== 'code' || parentTag === 'pre') return false;
  const only = node.children?.length === 1 ? node.children[0] : undefined;
  return only?.type === 'text' && typeof only.value === 'string' && chipIds.has(only.value);
}

/**
 * Models cite as told, an id in backticks, and often in parentheses: "the note (`note-1`)".
 * Once the id is a chip, the parentheses around it alone are noise ("( ▢ )"): they go.
 */
function dropCitationParentheses(children: HastNode[], parentTag: string | undefined, chipIds: ReadonlySet<string>): void {
  for (let i = 1; i < children.length - 1; i += 1) {
    const before = children[i - 1] as HastNode;
    const after = children[i + 1] as HastNode;
    if (!isChipCode(children[i], parentTag, chipIds) || before.type !== 'text' || after.type !== 'text') continue;
    if (!/\(\s*$/.test(before.value ?? '') || !/^\s*\)/.test(after.value ?? '')) continue;
    before.value = (before.value ?? '').replace(/\(\s*$/, '');
    after.value = (after.value ?? '').replace(/^\s*\)/, '');
  }
}

/** Elements the caret is never put inside: drawn from a property, or empty by nature. */
const LEAVES = new Set(['glance-text', 'glance-chip', 'br', 'hr', 'img', 'input']);

/**
 * The innermost last element of the tree that holds text (a paragraph, a list item, a code
 * block's code, a table cell): the streaming caret goes at its end, on the text's last line.
 */
function caretHome(tree: HastNode): HastNode {
  let home = tree;
  for (;;) {
    const last = [...(home.children ?? [])].reverse().find((child) => child.type === 'element');
    if (!last || LEAVES.has(last.tagName ?? '')) return home;
    home = last;
  }
}

/**
 * Replaces each text (and each raw HTML run, shown as text) with a `glance-text` element, and a
 * chip id's code span with `glance-chip`; with `caret`, ends the text with a `glance-caret`. An
 * element's id the chips did not take (in brackets, or a code span of an element not cited) is
 * its name: a raw id is a developer's word.
 */
function rehypeProviderText(options: { chipIds: ReadonlySet<string>; caret: boolean; nameOf: NameOf }) {
  return (tree: HastNode): void => {
    const walk = (node: HastNode, parentTag: string | undefined): void => {
      const children = node.children;
      if (!children) return;
      dropCitationParentheses(children, node.tagName, options.chipIds);
      for (let i = 0; i < children.length; i += 1) {
        const child = children[i] as HastNode;
        const named = isChipCode(child, parentTag, options.chipIds) ? undefined : elementCodeName(child, parentTag, options.nameOf);
        if ((child.type === 'text' || child.type === 'raw') && typeof child.value === 'string' && !BLANK.test(child.value)) {
          const text = child.type === 'text' && parentTag !== 'code' ? withElementNames(child.value, options.nameOf) : child.value;
          children[i] = { type: 'element', tagName: 'glance-text', properties: { dataText: text }, children: [] };
        } else if (isChipCode(child, parentTag, options.chipIds)) {
          children[i] = { type: 'element', tagName: 'glance-chip', properties: { dataId: child.children?.[0]?.value ?? '' }, children: [] };
        } else if (named !== undefined) {
          children[i] = { type: 'element', tagName: 'glance-text', properties: { dataText: named }, children: [] };
        } else walk(child, child.tagName);
      }
    };
    walk(tree, undefined);
    if (options.caret) caretHome(tree).children?.push({ type: 'element', tagName: 'glance-caret', properties: {}, children: [] });
  };
}

/** What the answer's Markdown needs. */
export interface MarkdownProps {
  text: string;
  /** The answer is still streaming: a caret ends its text. */
  streaming?: boolean;
  chipIds: ReadonlySet<string>;
  renderChip(id: string): ReactNode;
  onOpenLink(url: string): void;
  /** Puts a code block's text on the clipboard; false when it could not. */
  onCopy(text: string): Promise<boolean>;
  /** An element of the app by id, named for prose; absent where there is no tree (a kept answer). */
  nameOf?: NameOf;
}

const NO_NAMES: NameOf = () => undefined;

function propertyOf(node: unknown, name: string): string {
  const value = (node as HastNode | undefined)?.properties?.[name];
  return typeof value === 'string' ? value : '';
}

/** The text under a node as the model wrote it: each `glance-text` holds its run (rehypeProviderText). */
function hastText(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  if (node.tagName === 'glance-text') return propertyOf(node, 'dataText');
  return (node.children ?? []).map(hastText).join('');
}

/** The language a fenced block names (```js), from its code's class; empty when it names none. */
function languageOf(node: HastNode | undefined): string {
  const code = node?.children?.find((child) => child.tagName === 'code');
  const classes = code?.properties?.['className'];
  const found = Array.isArray(classes) ? classes.find((name): name is string => typeof name === 'string' && name.startsWith('language-')) : undefined;
  return found ? found.slice('language-'.length) : '';
}

/** How the answer's elements are drawn: made once per answer, so a finished block is not drawn again. */
function answerComponents(renderChip: MarkdownProps['renderChip'], onOpenLink: MarkdownProps['onOpenLink'], onCopy: MarkdownProps['onCopy']): Components {
  return {
    'glance-text': ({ node }: { node?: unknown }) => <ProviderText text={propertyOf(node, 'dataText')} multiline />,
    'glance-chip': ({ node }: { node?: unknown }) => renderChip(propertyOf(node, 'dataId')),
    'glance-caret': () => <span className="turn__caret" data-testid="caret" aria-hidden="true" />,
    a: ({ href, children }) => {
      const url = typeof href === 'string' ? href : '';
      if (!/^https?:\/\//i.test(url)) return <span className="md-link md-link--inert">{children}</span>;
      return (
        <a href={url} className="md-link" title={visibleControls(url)} onClick={(event) => { event.preventDefault(); onOpenLink(url); }}>
          {children}
        </a>
      );
    },
    img: ({ alt }) => <span className="md-image">{`[image${alt ? `: ${visibleControls(alt)}` : ''}]`}</span>,
    pre: ({ node, children }) => {
      const language = languageOf(node as HastNode | undefined);
      return (
        <div className="md-code-block">
          <div className="md-code-block__head">
            <span className="md-code-block__language"><ProviderText text={language} /></span>
            <CopyButton what={language ? `the ${visibleControls(language)} code` : 'the code'} text={hastText(node as HastNode | undefined).replace(/\n$/, '')} onCopy={onCopy} />
          </div>
          <pre className="md-code" tabIndex={0}>{children}</pre>
        </div>
      );
    },
    table: ({ children }) => <div className="md-table" tabIndex={0}><table>{children}</table></div>,
  } as Components;
}

/** One top-level block, parsed and drawn again only when its own text, the chips, the caret or the drawing change. */
const MarkdownBlock = memo(function MarkdownBlock(props: { text: string; caret: boolean; chipIds: ReadonlySet<string>; nameOf: NameOf; components: Components }): JSX.Element {
  return (
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeProviderText, { chipIds: props.chipIds, caret: props.caret, nameOf: props.nameOf }]]} components={props.components}>
      {props.text}
    </Markdown>
  );
});

interface GroupProps {
  blocks: string[];
  /** A later group has started: this one will not change again. */
  done: boolean;
  /** The last group of a streaming answer: its last block ends with the caret. */
  caret: boolean;
  chipIds: ReadonlySet<string>;
  nameOf: NameOf;
  components: Components;
}

/** Same blocks, same chips, same drawing: a finished group is not rendered again. */
function sameGroup(before: GroupProps, after: GroupProps): boolean {
  return before.done === after.done && before.caret === after.caret && before.chipIds === after.chipIds && before.nameOf === after.nameOf && before.components === after.components
    && before.blocks.length === after.blocks.length && before.blocks.every((block, index) => block === after.blocks[index]);
}

/**
 * True two frames after `done`: by then the finished group has been laid out in full once, and
 * the browser has remembered its size (contain-intrinsic-size: auto records it at every frame the
 * group is drawn). Only then may it be skipped: a group finished and scrolled past within one
 * streamed piece, never drawn, would otherwise stand in at the placeholder's height.
 */
function useSkippable(done: boolean): boolean {
  const [skippable, setSkippable] = useState(false);
  useEffect(() => {
    if (!done) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSkippable(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [done]);
  return done && skippable;
}

/**
 * A run of blocks (blocks.ts, blockGroups). Once finished and drawn, it gets content-visibility:
 * auto (styles.css): while it is off screen the browser skips its layout and paint.
 */
const MarkdownGroup = memo(function MarkdownGroup(props: GroupProps): JSX.Element {
  const skippable = useSkippable(props.done);
  return (
    <div className={skippable ? 'markdown__group markdown__group--skippable' : 'markdown__group'}>
      {props.blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} caret={props.caret && index === props.blocks.length - 1} chipIds={props.chipIds} nameOf={props.nameOf} components={props.components} />
      ))}
    </div>
  );
}, sameGroup);

/**
 * The answer's text, rendered block by block (blocks.ts) in groups: as it streams, only the
 * block still growing is parsed again, and only its group is rendered again. Memoised: a
 * streamed piece re-renders only its own turn.
 */
export const AnswerMarkdown = memo(function AnswerMarkdown(props: MarkdownProps): JSX.Element {
  const { renderChip, onOpenLink, onCopy } = props;
  const components = useMemo(() => answerComponents(renderChip, onOpenLink, onCopy), [renderChip, onOpenLink, onCopy]);
  const groups = useMemo(() => blockGroups(markdownBlocks(props.text)), [props.text]);
  return (
    <div className="markdown">
      {groups.map((blocks, index) => (
        <MarkdownGroup key={index} blocks={blocks} done={index < groups.length - 1} caret={props.streaming === true && index === groups.length - 1} chipIds={props.chipIds} nameOf={props.nameOf ?? NO_NAMES} components={components} />
      ))}
    </div>
  );
});
