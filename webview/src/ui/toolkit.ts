/**
 * The ONLY module that imports @vscode/webview-ui-toolkit (style.md, note on the UI toolkit).
 * The toolkit is deprecated upstream; keeping it behind the primitives in this folder makes a
 * move to @vscode-elements/elements a one-folder change.
 */
import {
  provideVSCodeDesignSystem, vsCodeBadge, vsCodeButton, vsCodeCheckbox, vsCodeDropdown, vsCodeOption,
  vsCodeProgressRing, vsCodeRadio, vsCodeRadioGroup, vsCodeTextArea, vsCodeTextField,
} from '@vscode/webview-ui-toolkit';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import { windowLoadFired } from '../lib/windowLoad';

let registered = false;
export function registerToolkit(): void {
  if (registered) return;
  registered = true;
  provideVSCodeDesignSystem().register(
    vsCodeBadge(), vsCodeButton(), vsCodeCheckbox(), vsCodeDropdown(), vsCodeOption(),
    vsCodeProgressRing(), vsCodeRadio(), vsCodeRadioGroup(), vsCodeTextArea(), vsCodeTextField(),
  );
  // The toolkit reads VS Code's theme variables on the window's `load` event (it listens from
  // when its module runs). This code arrives in a chunk loaded after the boot script, often
  // after `load` has fired: without a second `load` the toolkit keeps its default colours.
  // Only after the real one (not on document.readyState): see lib/windowLoad.ts.
  if (windowLoadFired()) window.dispatchEvent(new Event('load'));
}

type El = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Record<string, unknown>;
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'vscode-badge': El; 'vscode-button': El; 'vscode-checkbox': El; 'vscode-dropdown': El; 'vscode-option': El;
      'vscode-progress-ring': El; 'vscode-radio': El; 'vscode-radio-group': El; 'vscode-text-area': El; 'vscode-text-field': El;
    }
  }
}
