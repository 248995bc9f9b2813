import type { JSX } from 'react';
import { ProviderText } from './ProviderText.js';

/**
 * A sentence of the panel's own in which `{app}` stands for the app's name and `{id}` for
 * `id` (a program's path, an interpreter's name): each is drawn as provider text (it comes from
 * a descriptor or the OS), the rest as it is written.
 */
export function WithApp(props: { template: string; appName: string; id?: string | undefined }): JSX.Element {
  const parts = props.template.split(/(\{app\}|\{id\})/);
  return (
    <>
      {parts.map((part, index) => {
        if (part === '{app}') return <ProviderText key={index} text={props.appName} />;
        if (part === '{id}' && props.id !== undefined) return <ProviderText key={index} text={props.id} />;
        return part;
      })}
    </>
  );
}
