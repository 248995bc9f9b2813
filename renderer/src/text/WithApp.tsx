import type { JSX } from 'react';
import { ProviderText } from './ProviderText.js';

/**
 * A sentence of the panel's own in which `{app}` stands for the app's name: the name is drawn
 * as provider text (it comes from a descriptor or the OS), the rest as it is written.
 */
export function WithApp(props: { template: string; appName: string }): JSX.Element {
  const [before, after] = props.template.split('{app}');
  if (after === undefined) return <>{props.template}</>;
  return <>{before}<ProviderText text={props.appName} />{after}</>;
}
