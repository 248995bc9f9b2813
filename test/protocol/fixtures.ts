/**
 * An example answer in the shape of docs/protocol.md, "Elements": an editor with draft.md selected.
 */
export const PROTOCOL_EXAMPLE_JSON = `{
  "protocol": "0.2.0",
  "instance": "k3f9x2",
  "root": {
    "id": "app",
    "role": "Application",
    "title": "Editor",
    "children": [
      {
        "id": "win-1",
        "role": "Window",
        "focused": true,
        "children": [
          {
            "id": "doc-1",
            "role": "Document",
            "subrole": "markdown",
            "title": "draft.md",
            "url": "file:///Users/ada/essays/draft.md",
            "focused": true,
            "children": [
              {
                "id": "sel-23",
                "role": "Text",
                "selected": true,
                "content": [
                  { "type": "text", "text": "The command line lasted thirty years as the main way people used computers." }
                ],
                "attributes": { "lines": [31, 31] }
              }
            ]
          },
          {
            "id": "doc-2",
            "role": "Document",
            "subrole": "markdown",
            "title": "notes.md",
            "url": "file:///Users/ada/essays/notes.md",
            "visible": false
          }
        ]
      }
    ]
  }
}`;
