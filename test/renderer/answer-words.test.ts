// How an answer went, as main states it (main/flow/answer-state.ts: kinds and the core's
// reasons) and the panel words it (renderer/src/words/answer.ts): the sentences the panel showed
// when main still wrote them; and what goes, said in the tense of the moment.
import { describe, expect, it } from 'vitest';
import { chipFromLocation, endTurn, LOCATE_FAILED_INSIDE } from '../../main/flow/answer-state.js';
import type { AnswerState } from '../../contract/ipc.js';
import { answeredByWords, chipStateWords, failedTurnWords, STOPPED_WORDS } from '../../renderer/src/words/answer.js';
import { sendWords, sentWords } from '../../renderer/src/words/actions.js';
import type { Answerer } from '../../renderer/src/answerer.js';
import { backendLabel } from '../../contract/backends.js';
import { answerProblem } from '../../renderer/src/problems/problem.js';

const asking: AnswerState = { backend: 'Offline', turns: [{ question: 'Where?', text: '', status: 'answering' }], chips: [] };
const rect = { x: 1, y: 2, w: 3, h: 4 };

describe('the words of an answer', () => {
  it("says each chip state its own way, what to do about it, and the core's reason for one not located", () => {
    expect(chipStateWords(chipFromLocation({ state: 'gone', rects: [] }))).toBe('No longer in the app');
    expect(chipStateWords(chipFromLocation({ state: 'offscreen', rects: [] }))).toBe('Off screen — scroll to it');
    expect(chipStateWords(chipFromLocation({ state: 'visible', rects: [] }))).toBe('Off screen — scroll to it');
    expect(chipStateWords(chipFromLocation(null, 'Plain Notes does not offer location'))).toBe('Couldn’t highlight: Plain Notes does not offer location');
    expect(chipStateWords(chipFromLocation(null))).toBe('Couldn’t highlight: no reason given');
    expect(chipStateWords(LOCATE_FAILED_INSIDE)).toBe('Couldn’t highlight: locating failed inside Glance');
    expect(chipStateWords(chipFromLocation({ state: 'visible', rects: [rect] }))).toBe('Shown on screen');
    // Three states with nothing highlighted, three different sentences: the user can tell why.
    expect(new Set(['gone', 'offscreen', 'failed'] as const).size).toBe(new Set((['gone', 'offscreen', 'failed'] as const).map((state) => chipStateWords({ state }))).size);
  });

  it('says a stopped turn, and a failed one in the core’s words or, when Glance itself failed, its own', () => {
    const stopped = endTurn(asking, { type: 'error', kind: 'cancelled', reason: 'aborted' }).turns[0];
    expect(stopped).toEqual({ question: 'Where?', text: '', status: 'stopped' });
    expect(STOPPED_WORDS).toBe('Stopped. Nothing more arrives for this question.');

    const unreachable = endTurn(asking, { type: 'error', kind: 'unreachable', reason: 'the server at 127.0.0.1:9 refused the connection' }).turns[0];
    expect(unreachable).toMatchObject({ status: 'failed', kind: 'unreachable', reason: 'The server at 127.0.0.1:9 refused the connection.' });
    const inside = endTurn(asking, { type: 'error', kind: 'bad-response', reason: undefined }).turns[0];
    expect(inside).toEqual({ question: 'Where?', text: '', status: 'failed', kind: 'bad-response' });
    expect(inside ? failedTurnWords(inside) : '').toBe('Glance failed while reading the answer.');
    expect(inside ? answerProblem(inside, 'Offline').details : []).toEqual(['Glance failed while reading the answer.']);
  });
});

describe('what goes, before and after', () => {
  const claude: Answerer = { place: { kind: 'service', name: 'Anthropic' }, name: 'Claude (claude-x)' };
  const offline: Answerer = { place: { kind: 'this-mac' }, name: 'Offline, no model' };
  const locale = 'en-GB';
  it('says before asking how many items go with the question, and where the question goes', () => {
    expect(sendWords({ withoutContext: false, ruleBlocks: false, sent: 9, total: 11, answerer: claude, locale })).toBe('9 of 11 items go with your question to Anthropic');
    // The offline answerer (or a model server on loopback): the items go with the question, and the question stays here.
    expect(sendWords({ withoutContext: false, ruleBlocks: false, sent: 11, total: 11, answerer: offline, locale })).toBe('All 11 items go with your question, which stays on this Mac');
    expect(sendWords({ withoutContext: false, ruleBlocks: false, sent: 1, total: 11, answerer: offline, locale })).toBe('1 of 11 items goes with your question, which stays on this Mac');
    expect(sendWords({ withoutContext: false, ruleBlocks: false, sent: 7, total: 11, answerer: { place: { kind: 'host', host: 'models.example.test' }, name: 'llama3.2 at models.example.test' }, locale }))
      .toBe('7 of 11 items go with your question to models.example.test');
    expect(sendWords({ withoutContext: true, ruleBlocks: false, sent: 0, total: 11, answerer: claude, locale })).toBe('Only your question goes, to Anthropic');
    expect(sendWords({ withoutContext: true, ruleBlocks: false, sent: 0, total: 11, answerer: offline, locale })).toBe('Only your question goes, and it stays on this Mac');
    expect(sendWords({ withoutContext: false, ruleBlocks: true, sent: 0, total: 11, answerer: claude, locale })).toBe('No context goes to Anthropic: your rule keeps it on this Mac');
  });

  it('says after asking what went and where, and never that a question that did not leave was sent', () => {
    const turn = { question: 'Where?', text: 'Here.', status: 'done' as const };
    const answer = (place: Answerer['place'], ...turns: AnswerState['turns']): AnswerState => ({ backend: 'llama3.2 on this Mac', place, turns, chips: [] });
    const here = { kind: 'this-mac' as const };
    expect(sentWords({ ruleBlocks: false, answer: answer(claude.place, turn), sent: 10, total: 11, locale })).toBe('10 of 11 items went with your question to Anthropic');
    expect(sentWords({ ruleBlocks: false, answer: answer(here, turn), sent: 10, total: 11, locale })).toBe('10 of 11 items went with your question, which stayed on this Mac');
    // While the first answer is on its way: what goes, not yet what went.
    expect(sentWords({ ruleBlocks: false, answer: answer(here, { ...turn, status: 'answering' }), sent: 10, total: 11, locale })).toBe('10 of 11 items go with your question, which stays on this Mac');
    // No connection: nothing left Glance. A server that answered badly had the question: no answer, not "not sent".
    const unreachable = { question: 'Where?', text: '', status: 'failed' as const, kind: 'unreachable' as const, reason: 'The server at 127.0.0.1:9 refused the connection.' };
    expect(sentWords({ ruleBlocks: false, answer: answer(here, unreachable), sent: 11, total: 11, locale })).toBe('Not sent: Can’t reach llama3.2 on this Mac');
    expect(sentWords({ ruleBlocks: false, answer: answer(here, { ...unreachable, kind: 'server-error' }), sent: 11, total: 11, locale })).toBe('No answer: llama3.2 on this Mac had a problem');
    expect(sentWords({ ruleBlocks: false, answer: answer(here, { ...turn, status: 'stopped' }), sent: 11, total: 11, locale })).toBe('Stopped before an answer');
    // A later question failing does not take back what an earlier answer's question carried.
    expect(sentWords({ ruleBlocks: false, answer: answer(here, turn, unreachable), sent: 11, total: 11, locale })).toBe('All 11 items went with your question, which stayed on this Mac');
    expect(sentWords({ ruleBlocks: true, answer: answer(claude.place, turn), sent: 0, total: 11, locale })).toBe('No context went: your rule keeps it on this Mac');
  });

  it('names who answered as a person says it: the offline answerer is no one, so its line says what happened', () => {
    expect(answeredByWords(backendLabel({ backend: 'offline' }))).toBe('Answered on this Mac from the context alone, without a model');
    expect(answeredByWords(backendLabel({ backend: 'anthropic', model: 'claude-x' }))).toBe('Answered by Claude (claude-x)');
    // A model server is named by where it is, never by its host and port.
    expect(answeredByWords(backendLabel({ backend: 'openai', model: 'gpt-4o', baseURL: 'http://127.0.0.1:46751/v1' }))).toBe('Answered by gpt-4o on this Mac');
    expect(answeredByWords(backendLabel({ backend: 'openai', model: 'gpt-4o', baseURL: 'https://models.example.test:8443/v1' }))).toBe('Answered by gpt-4o at models.example.test');
  });
});
