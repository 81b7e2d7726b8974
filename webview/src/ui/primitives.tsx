/**
 * Our small set of UI primitives. Toolkit web components are driven through refs (properties
 * and DOM events) rather than React props, which keeps their behaviour independent of how a
 * React version maps props onto custom elements.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, type ForwardedRef, type ReactNode } from 'react';
import './toolkit';

function useDomEvent(ref: React.RefObject<HTMLElement | null>, event: string, handler: ((e: Event) => void) | undefined): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = (e: Event) => latest.current?.(e);
    el.addEventListener(event, listener);
    return () => el.removeEventListener(event, listener);
  }, [ref, event]);
}

export function Button(props: {
  children?: ReactNode; onClick?: () => void; appearance?: 'primary' | 'secondary'; disabled?: boolean;
  title?: string; icon?: string; testId?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useDomEvent(ref, 'click', () => { if (!props.disabled) props.onClick?.(); });
  return (
    <vscode-button ref={ref} appearance={props.appearance ?? 'primary'} disabled={props.disabled || undefined}
      title={props.title} data-testid={props.testId}>
      {props.icon && <span slot="start" className={`codicon codicon-${props.icon}`} />}
      {props.children}
    </vscode-button>
  );
}

/** A compact icon-only button. Plain <button> (not the toolkit) because lists render many. */
export function IconButton(props: { icon: string; label: string; onClick: () => void; disabled?: boolean; testId?: string }) {
  return (
    <button type="button" className="icon-button" aria-label={props.label} title={props.label} disabled={props.disabled}
      data-testid={props.testId}
      onClick={(e) => { e.stopPropagation(); props.onClick(); }}>
      <span className={`codicon codicon-${props.icon}`} aria-hidden="true" />
    </button>
  );
}

export function Checkbox(props: { checked: boolean; onChange: (checked: boolean) => void; children?: ReactNode; disabled?: boolean; testId?: string; label?: string }) {
  const ref = useRef<HTMLElement & { checked: boolean }>(null);
  useEffect(() => { if (ref.current && ref.current.checked !== props.checked) ref.current.checked = props.checked; }, [props.checked]);
  useDomEvent(ref, 'change', () => { const v = !!ref.current?.checked; if (v !== props.checked) props.onChange(v); });
  // The toolkit's checkbox too labels itself when it connects (its text, else "Checkbox", in English).
  useAriaLabel(ref, props.label);
  return (
    <vscode-checkbox ref={ref} disabled={props.disabled || undefined} data-testid={props.testId} aria-label={props.label}>
      {props.children}
    </vscode-checkbox>
  );
}

export function RadioGroup<T extends string>(props: { value: T; options: readonly { value: T; label: ReactNode; disabled?: boolean }[]; onChange: (v: T) => void; label: string; testId?: string; orientation?: 'horizontal' | 'vertical' }) {
  const ref = useRef<HTMLElement & { value: string }>(null);
  useEffect(() => { if (ref.current && ref.current.value !== props.value) ref.current.value = props.value; }, [props.value]);
  useDomEvent(ref, 'change', () => { const v = ref.current?.value; if (v && v !== props.value) props.onChange(v as T); });
  return (
    <vscode-radio-group ref={ref} orientation={props.orientation ?? 'horizontal'} data-testid={props.testId} aria-label={props.label}>
      {props.options.map((o) => (
        // Properties set directly: React would leave a stale `disabled` on the element when it becomes undefined.
        <vscode-radio key={o.value} value={o.value}
          ref={(el: (HTMLElement & { disabled: boolean; checked: boolean }) | null) => { if (el) { el.disabled = !!o.disabled; el.checked = o.value === props.value; } }}>{o.label}</vscode-radio>
      ))}
    </vscode-radio-group>
  );
}

export interface TextFieldHandle { focus(): void; clear(): void }

/** The toolkit's text fields overwrite aria-label when they connect ("Text area"): set ours after. */
function useAriaLabel(ref: React.RefObject<HTMLElement | null>, label: string | undefined): void {
  useEffect(() => { if (label) ref.current?.setAttribute('aria-label', label); }, [ref, label]);
}

/** Focuses the native control inside a toolkit field's shadow root (host.focus() alone may not). */
function focusControl(el: HTMLElement | null): void {
  if (!el) return;
  const inner = el.shadowRoot?.querySelector<HTMLElement>('input, textarea');
  if (inner) inner.focus();
  else el.focus();
}

interface TextControlProps { value: string; onInput: (v: string) => void; label?: string; onKeyDown?: (e: KeyboardEvent) => void }

/**
 * The wiring a toolkit text control needs in React: its value is a DOM property (not an
 * attribute), its events are DOM events, and the parent gets focus()/clear() through the handle.
 */
function useTextControl(props: TextControlProps, handle: ForwardedRef<TextFieldHandle>) {
  const ref = useRef<HTMLElement & { value: string }>(null);
  useImperativeHandle(handle, () => ({ focus: () => focusControl(ref.current), clear: () => { if (ref.current) ref.current.value = ''; } }), []);
  useEffect(() => { if (ref.current && ref.current.value !== props.value) ref.current.value = props.value; }, [props.value]);
  useDomEvent(ref, 'input', () => props.onInput(ref.current?.value ?? ''));
  useAriaLabel(ref, props.label);
  useDomEvent(ref, 'keydown', (e) => props.onKeyDown?.(e as KeyboardEvent));
  return ref;
}

/** What a text field or area takes; the area adds its height in rows, the field an icon. */
interface TextInputProps { value: string; onInput: (v: string) => void; placeholder?: string; label?: string; testId?: string; onKeyDown?: (e: KeyboardEvent) => void }

export const TextField = forwardRef<TextFieldHandle, TextInputProps & { icon?: string }>(
  function TextField(props, handle) {
    const ref = useTextControl(props, handle);
    return (
      <vscode-text-field ref={ref} placeholder={props.placeholder} aria-label={props.label} data-testid={props.testId}>
        {props.icon && <span slot="start" className={`codicon codicon-${props.icon}`} />}
      </vscode-text-field>
    );
  },
);

export const TextArea = forwardRef<TextFieldHandle, TextInputProps & { rows?: number }>(
  function TextArea(props, handle) {
    const ref = useTextControl(props, handle);
    return <vscode-text-area ref={ref} placeholder={props.placeholder} aria-label={props.label} data-testid={props.testId} rows={props.rows ?? 3} resize="vertical" />;
  },
);

export function Dropdown<T extends string>(props: { value: T; options: readonly { value: T; label: string }[]; onChange: (v: T) => void; label: string; testId?: string }) {
  const ref = useRef<HTMLElement & { value: string }>(null);
  useEffect(() => { if (ref.current && ref.current.value !== props.value) ref.current.value = props.value; });
  useDomEvent(ref, 'change', () => { const v = ref.current?.value; if (v !== undefined && v !== props.value) props.onChange(v as T); });
  return (
    <span className="dropdown">
      <span className="dropdown-label">{props.label}</span>
      <vscode-dropdown ref={ref} aria-label={props.label} data-testid={props.testId}>
        {props.options.map((o) => <vscode-option key={o.value} value={o.value} selected={o.value === props.value || undefined}>{o.label}</vscode-option>)}
      </vscode-dropdown>
    </span>
  );
}

export function Badge(props: { children: ReactNode; title?: string; testId?: string }) {
  return <vscode-badge title={props.title} data-testid={props.testId}>{props.children}</vscode-badge>;
}

export function Spinner() {
  return <vscode-progress-ring className="spinner" />;
}

/** A thin determinate (or indeterminate when total is 0) progress bar in the theme's colours. */
export function ProgressBar(props: { done: number; total: number; label: string }) {
  const pct = props.total > 0 ? Math.min(100, Math.round((props.done / props.total) * 100)) : undefined;
  return (
    <div className="progress" role="progressbar" aria-label={props.label} aria-valuemin={0} aria-valuemax={props.total || undefined} aria-valuenow={props.total ? props.done : undefined} data-testid="progress">
      <div className={pct === undefined ? 'progress-fill indeterminate' : 'progress-fill'} style={pct === undefined ? undefined : { width: `${pct}%` }} />
      <span className="progress-label">{props.label}{props.total ? ` ${props.done}/${props.total}` : '…'}</span>
    </div>
  );
}

export function Codicon(props: { name: string; title?: string; className?: string }) {
  return <span className={`codicon codicon-${props.name}${props.className ? ' ' + props.className : ''}`} title={props.title} aria-hidden={props.title ? undefined : true} />;
}

/**
 * A native <select> dressed as a VS Code dropdown. Used for the board's filters: the file
 * filter can list hundreds of files, and a native option costs nothing where a toolkit
 * <vscode-option> is a web component with its own shadow DOM (measured: bench/board-bench.mjs).
 * `onFirstUse`: called the first time the select is focused or pressed, before it opens — a
 * caller can leave a long option list out until then (the board's file filter does: with
 * 5,000 threads in ~1,750 files, building, styling and laying out every <option> cost ~100 ms
 * of the first paint, for a list nobody has opened yet).
 */
export function Select<T extends string>(props: { value: T; options: readonly { value: T; label: string }[]; onChange: (v: T) => void; label: string; testId?: string; onFirstUse?: () => void }) {
  const used = useRef(false);
  const firstUse = () => { if (!used.current) { used.current = true; props.onFirstUse?.(); } };
  return (
    // The options name themselves ("Any state", "Sort by file"), so no visible label: the bar stays one line.
    <label className="select" title={props.label}>
      <span className="select-wrap">
        <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)} data-testid={props.testId} aria-label={props.label}
          onFocus={firstUse} onPointerDown={firstUse} onMouseDown={firstUse}>
          {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
        <span className="codicon codicon-chevron-down" aria-hidden="true" />
      </span>
    </label>
  );
}
