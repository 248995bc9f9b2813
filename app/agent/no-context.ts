/**
 * Why a question goes to the model without the app's context, as a closed set of kinds. The
 * model reads only Glance's own words for the kind (docs/protocol.md, "What the agent is told"):
 * a reason as the user reads it names the app, quotes its bundle id or the provider's error, and
 * any of that is text the provider chose, which reaches the model only inside the frame. With
 * no context there is no frame, so nothing of the app is said at all. "The app", never "the app
 * in front": `glance ask --pid N` asks about a process that need not be in front.
 */
export const NO_CONTEXT_WORDS = {
  'no-front-app': 'Glance could not tell which app is in front',
  'no-provider': 'the app does not share its context with Glance',
  'accessibility-never': 'the app does not share its context with Glance, and the user chose never to have it read through the accessibility layer',
  unreadable: 'the app does not share its context with Glance, and reading it through the accessibility layer gave nothing',
  ignored: "the app's provider did not pass Glance's checks, so it was not asked",
  'no-answer': "the app's provider gave no usable answer",
  'timed-out': "the app's provider did not answer within the time limit",
  refused: "the app's provider answered, and Glance refused the answer",
  never: "the user's rule for this app is to send nothing of it",
  local: "the user's rule keeps this app's context on this machine, and the model answering is not on it",
  'without-context': "the user's rule keeps this app's context on this Mac, so Glance did not ask the app, and the user chose to ask without it",
  'damaged-rules': "the user's rules cannot be read, so Glance asks no app for its context",
  cancelled: 'collecting the context was cancelled',
  'not-collected': 'no context was collected from the app',
  'root-removed': 'the user removed the app context',
  'root-excluded': "the user's rules leave out the whole context",
  'root-withheld': 'the whole context holds a secret, so it was withheld',
} as const;

/** One reason for sending no context, by kind (the sentence is NO_CONTEXT_WORDS[kind]). */
export type NoContextKind = keyof typeof NO_CONTEXT_WORDS;
